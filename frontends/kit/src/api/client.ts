import { Idempotency } from '@agora/contracts/idempotency';
import { Limits } from '@agora/contracts/limits';
import { currentLanguage, i18n } from '../i18n/i18n';
import { getToken } from '../session/session';
import { ApiError } from './api-error';
import { markAvailable } from './availability';
import { newIdempotencyKey } from './idempotency-key';
import { type HandlingOptions, handleFailure } from './respond';

export const API_BASE = '/answer/api/v1';
export const ADMIN_API_BASE = '/answer/admin/api';

type Params = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions extends HandlingOptions {
  params?: Params;
  body?: unknown;
  /** Milliseconds; 10 s by default. */
  timeoutMs?: number;
}

function urlOf(path: string, params?: Params): string {
  const base = path.startsWith('/') ? path : `${API_BASE}/${path}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Outcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** One request and its answer: the envelope's data, or the failure as an ApiError. */
async function send<T>(
  method: string,
  path: string,
  options: CallOptions,
  headers: Record<string, string>,
): Promise<Outcome<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? Limits.timing.requestTimeoutMs);
  const form = options.body instanceof FormData;
  try {
    const response = await fetch(urlOf(path, options.params), {
      method,
      headers,
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'include',
      signal: controller.signal,
    });
    const envelope = (await response.json().catch(() => null)) as {
      code?: number;
      reason?: string;
      msg?: string;
      data?: unknown;
    } | null;
    if (response.ok) return { ok: true, data: (envelope?.data ?? null) as T };
    return {
      ok: false,
      error: new ApiError(
        response.status,
        envelope?.reason ?? '',
        envelope?.msg ?? response.statusText,
        envelope?.data ?? null,
      ),
    };
  } catch (cause) {
    const timedOut = (cause as Error).name === 'AbortError';
    const message = i18n.t(timedOut ? 'ui.messages.timeout' : 'ui.messages.network');
    return { ok: false, error: new ApiError(0, timedOut ? 'timeout' : 'network', message, null) };
  } finally {
    clearTimeout(timer);
  }
}

/** A write cut off on its way (the connection broke) or answered 503: it may or may not have been applied. */
const outcomeUnknown = (error: ApiError) => error.status === 503 || error.reason === 'network';

async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const token = getToken();
  if (token) headers.Authorization = token;
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  // Every write call has a key of its own, sent again only when this same call is retried
  // (docs/adr/0093-idempotent-writes.md).
  const write = WRITES.has(method);
  if (write) headers[Idempotency.header] = newIdempotencyKey();
  let outcome = await send<T>(method, path, options, headers);
  // A member's JSON write is applied at most once under its key, so one whose outcome is unknown is sent once more:
  // the server runs it if the first never committed, and answers its first outcome if it did. Uploads and anonymous
  // writes are not kept by key, so they are not sent twice.
  if (!outcome.ok && write && token && !form && outcomeUnknown(outcome.error)) {
    await new Promise((resolve) => setTimeout(resolve, Idempotency.retryUnknownAfterMs));
    outcome = await send<T>(method, path, options, headers);
  }
  if (outcome.ok) {
    markAvailable();
    return outcome.data;
  }
  handleFailure(outcome.error, { ...options, admin: options.admin ?? path.startsWith(ADMIN_API_BASE) });
  throw outcome.error;
}

/** The API client every micro-frontend calls: token, Accept-Language, timeout, and failed calls handled (`respond.ts`). */
export const api = {
  get: <T>(path: string, options?: CallOptions) => call<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('DELETE', path, { ...options, body }),
  /** A multipart form (file uploads): the browser sets its content type and boundary. */
  upload: <T>(path: string, form: FormData, options?: CallOptions) => call<T>('POST', path, { ...options, body: form }),
};
