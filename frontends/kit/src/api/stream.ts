import { currentLanguage, i18n } from '../i18n/i18n';
import { getToken } from '../session/session';
import { ApiError } from './api-error';
import { markAvailable } from './availability';
import { API_BASE } from './client';
import { readEvents } from './event-stream';
import { handleFailure } from './respond';

const networkError = () => new ApiError(0, 'network', i18n.t('ui.messages.network'), null);

/** The event that ends a stream of the reference's chat chunks. */
export const STREAM_DONE = '[DONE]';

/**
 * POSTs JSON and reads the `text/event-stream` answer as it comes, handing each `data:` payload to `onData` until
 * `[DONE]` or the end of the body; with the token and Accept-Language every call sends. A refusal before the stream
 * (a JSON envelope) is thrown as an ApiError for the caller to show: only a lost session (401, to the login page) and
 * an outage (503, the notice) are handled here. Aborting `signal` stops reading and closes the request; no timeout
 * applies (a reply may take minutes; the server ends a silent provider's).
 */
export async function postEventStream(
  path: string,
  body: unknown,
  { signal, onData }: { signal: AbortSignal; onData: (data: string) => void },
): Promise<void> {
  const headers: Record<string, string> = {
    Accept: 'text/event-stream, application/json',
    'Accept-Language': currentLanguage(),
    'Content-Type': 'application/json',
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch {
    if (signal.aborted) return;
    throw networkError();
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body) {
    const envelope = (await response.json().catch(() => null)) as { reason?: string; msg?: string; data?: unknown };
    const error = new ApiError(
      response.status,
      envelope?.reason ?? '',
      envelope?.msg ?? response.statusText,
      envelope?.data ?? null,
    );
    handleFailure(error, { silent: error.status !== 401 });
    throw error;
  }
  markAvailable();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const { data, rest } = readEvents(received + value);
      received = rest;
      for (const payload of data) {
        if (payload === STREAM_DONE || signal.aborted) return;
        onData(payload);
      }
    }
  } catch {
    if (signal.aborted) return;
    throw networkError();
  } finally {
    // Whatever follows `[DONE]` or a stop is not read.
    void reader.cancel().catch(() => undefined);
  }
}
