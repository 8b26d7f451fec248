import { createHash } from 'node:crypto';
import { Idempotency, isIdempotencyKey } from '@agora/contracts';
import { errors } from '../http/errors';

const HEADER = Idempotency.header.toLowerCase();

/** The methods that write: only they take a key (docs/adr/0093-idempotent-writes.md). */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A request's `Idempotency-Key`: undefined without one, else the key, or a 400 with a field error on the header
 * when it is not 1 to 128 visible ASCII characters (sent twice, Node joins the values with a comma and a space).
 */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[HEADER];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && isIdempotencyKey(value)) return value;
  throw errors.fields({
    field: Idempotency.header,
    key: 'validation.idempotency_key',
    params: { limit: Idempotency.keyMaxLength },
  });
}

/** What a key stands for: the method, path, query and body of its request, hashed. */
export function requestHash(request: { method: string; url: string; body: unknown }): string {
  const at = request.url.indexOf('?');
  const path = at < 0 ? request.url : request.url.slice(0, at);
  const query = at < 0 ? '' : request.url.slice(at + 1);
  return createHash('sha256')
    .update(JSON.stringify([request.method, path, query, request.body ?? null]))
    .digest('base64url');
}
