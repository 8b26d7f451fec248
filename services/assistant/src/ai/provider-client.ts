import { type Language, type MessageKey, translate } from '@agora/contracts';
import OpenAI from 'openai';

/** How long a provider may take to start answering, and between two parts of a stream, before the reply ends. */
export const PROVIDER_TIMEOUT_MS = 60_000;

/** `{host}/v1`, as the reference calls every provider: `/v1` added unless the host names it already. */
export function baseUrlOf(apiHost: string): string {
  const host = apiHost.replace(/\/+$/, '');
  return /\/v1$/.test(host) ? host : `${host}/v1`;
}

/** An OpenAI-compatible client for one provider, through the well-kept `openai` library; it retries nothing itself. */
export function providerClient(apiHost: string, apiKey: string, timeoutMs = PROVIDER_TIMEOUT_MS): OpenAI {
  return new OpenAI({ apiKey: apiKey || 'none', baseURL: baseUrlOf(apiHost), timeout: timeoutMs, maxRetries: 0 });
}

/** A provider failure: the message that says it, in whichever language it is told in (`problemText`). */
export interface ProviderProblem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** A provider failure as a sentence a member or an admin can act on, never the key or the provider's raw body. */
export function providerProblem(error: unknown): ProviderProblem {
  if (error instanceof OpenAI.APIUserAbortError) return { key: 'error.ai.provider_cancelled' };
  if (error instanceof OpenAI.APIConnectionTimeoutError) return { key: 'error.ai.provider_timeout' };
  if (error instanceof OpenAI.APIConnectionError) return { key: 'error.ai.provider_unreachable' };
  if (error instanceof OpenAI.AuthenticationError) return { key: 'error.ai.provider_key_refused' };
  if (error instanceof OpenAI.RateLimitError) return { key: 'error.ai.provider_busy' };
  if (error instanceof OpenAI.NotFoundError) return { key: 'error.ai.provider_not_found' };
  if (error instanceof OpenAI.APIError && error.status !== undefined)
    return { key: 'error.ai.provider_status', params: { status: error.status } };
  if (error instanceof SyntaxError) return { key: 'error.ai.provider_garbage' };
  return { key: 'error.ai.provider' };
}

/** The failure told in `language` (the member's, from the request's Accept-Language). */
export function problemText(problem: ProviderProblem, language: Language): string {
  return translate(language, problem.key, problem.params);
}
