import { type Language, Reason, translate, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@agora/contracts';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { envelope } from './envelope';
import { ApiError } from './errors';

/** A request that failed because a dependency is down (the database), not because of what it asked. */
export function isUnavailableError(error: unknown): boolean {
  return (error instanceof ApiError && error.status === 503) || isDatabaseUnavailable(error);
}

/**
 * A command that depends on another service's events could not wait for one of its projections to apply them
 * (docs/adr/0092-ready-when-caught-up.md): 503, logged as the projection being behind, with its lag.
 */
export class ProjectionBehindError extends ApiError {
  override name = 'ProjectionBehindError';
  constructor(
    readonly projection: string,
    /** What the command waited for: an object's id, a member's. */
    readonly waitingFor: string,
    /** Events of its types the projection had not applied when the wait ended; null if that could not be read. */
    readonly lag: number | null,
  ) {
    super(503, Reason.unavailable);
  }
}

/** What went wrong, for the log: an outage of the database or of a service, or a projection behind. */
function outageOf(error: unknown): { kind: string; message: string; details: Record<string, unknown> } {
  if (error instanceof ProjectionBehindError) {
    const { projection, lag, waitingFor } = error;
    return {
      kind: `behind:${projection}`,
      message: 'projection behind: answering 503 to a command that depends on events it has not applied yet',
      details: { projection, lag, waitingFor },
    };
  }
  if (isDatabaseUnavailable(error) || isDatabaseUnavailable((error as { cause?: unknown }).cause)) {
    return { kind: 'database', message: 'database unreachable: answering 503 until it is back', details: {} };
  }
  const service = (error as { service?: unknown }).service;
  if (typeof service === 'string') {
    return {
      kind: `service:${service}`,
      message: 'service unreachable: answering 503 until it is back',
      details: { unreachable: service },
    };
  }
  return { kind: 'other', message: 'answering 503: a dependency is unavailable', details: {} };
}

/** At most one log line per logger and kind this often: during an outage every request fails the same way. */
const LOG_EVERY_MS = 5000;
const lastLogged = new WeakMap<FastifyBaseLogger, Map<string, { at: number; suppressed: number }>>();

function noteOutage(log: FastifyBaseLogger, error: unknown): void {
  const now = Date.now();
  const { kind, message, details } = outageOf(error);
  const byKind = lastLogged.get(log) ?? new Map<string, { at: number; suppressed: number }>();
  lastLogged.set(log, byKind);
  const last = byKind.get(kind);
  if (last && now - last.at < LOG_EVERY_MS) {
    last.suppressed++;
    return;
  }
  byKind.set(kind, { at: now, suppressed: 0 });
  log.warn({ err: error, ...details, alsoFailedSinceLastLine: last?.suppressed ?? 0 }, message);
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
  const message = error instanceof ApiError && error.messageKey ? translate(language, error.messageKey) : undefined;
  return reply
    .code(503)
    .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    .send(envelope(language, 503, Reason.unavailable, null, message));
}
