import { type Language, Reason, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@agora/contracts';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { envelope } from './envelope';
import { ApiError } from './errors';

/** A request that failed because a dependency is down (the database), not because of what it asked. */
export function isUnavailableError(error: unknown): boolean {
  return (error instanceof ApiError && error.status === 503) || isDatabaseUnavailable(error);
}

/** At most one log line per logger this often during an outage: every request fails the same way. */
const LOG_EVERY_MS = 5000;
const lastLogged = new WeakMap<FastifyBaseLogger, { at: number; suppressed: number }>();

function noteOutage(log: FastifyBaseLogger, error: unknown): void {
  const now = Date.now();
  const last = lastLogged.get(log);
  if (last && now - last.at < LOG_EVERY_MS) {
    last.suppressed++;
    return;
  }
  lastLogged.set(log, { at: now, suppressed: 0 });
  log.warn(
    { err: error, alsoFailedSinceLastLine: last?.suppressed ?? 0 },
    'database unreachable: answering 503 until it is back',
  );
}

/**
 * 503 in the envelope with `Retry-After`: the client keeps its session and tries again later (a 401
 * would sign the member out, a 500 would say the request itself was at fault).
 */
export function answerUnavailable(
  log: FastifyBaseLogger,
  error: unknown,
  language: Language,
  reply: FastifyReply,
): FastifyReply {
  noteOutage(log, error);
  return reply
    .code(503)
    .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    .send(envelope(language, 503, Reason.unavailable, null));
}
