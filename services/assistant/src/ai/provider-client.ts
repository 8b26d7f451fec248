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

/** A provider failure as a sentence a member or an admin can act on, never the key or the provider's raw body. */
export function providerProblem(error: unknown): string {
  if (error instanceof OpenAI.APIUserAbortError) return 'The request was cancelled.';
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'The AI provider took too long to answer.';
  if (error instanceof OpenAI.APIConnectionError) return 'The AI provider cannot be reached.';
  if (error instanceof OpenAI.AuthenticationError) return 'The AI provider refused the API key.';
  if (error instanceof OpenAI.RateLimitError) return 'The AI provider is busy (rate limited); try again later.';
  if (error instanceof OpenAI.NotFoundError) return 'The AI provider does not know the model or the address.';
  if (error instanceof OpenAI.APIError)
    return `The AI provider answered with an error (${error.status ?? 'no status'}).`;
  if (error instanceof SyntaxError) return 'The AI provider answered with something that is not valid.';
  return 'The AI provider failed to answer.';
}
