import { Idempotency, Reason } from '@agora/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from '../http/app';
import { envelope } from '../http/envelope';
import { ApiError } from '../http/errors';
import { type ClaimInFlight, runWithClaim } from './claim-context';
import type { ClaimOutcome, IdempotentRequests } from './claims';
import { idempotencyKeyOf, requestHash, WRITE_METHODS } from './key';

/**
 * Replies a retry gets again. Not a 5xx (the write did not happen, or nobody knows), a 401 (signed in again, the
 * member retries) or a 429 (later, it may pass): after those the attempt is only marked ended, and a retry runs
 * afresh unless the write had committed.
 */
function keeps(status: number): boolean {
  return status < 500 && status !== 401 && status !== 429;
}

/** A reply's body as this hook sees it, or null for a stream (not kept). */
function bodyOf(payload: unknown): string | Buffer | null {
  if (payload === null || payload === undefined) return '';
  return typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
}

/** Streamed bodies (uploads) are read by their handler, after any hook could hash them. */
const isStreamed = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('multipart/');

/** Answers a keyed request whose key had a first attempt: its reply again, or why not. */
function answerEarlier(request: FastifyRequest, reply: FastifyReply, outcome: Exclude<ClaimOutcome, { kind: 'run' }>) {
  if (outcome.kind === 'replay') {
    const kept = outcome.reply;
    reply.code(kept.status).header(Idempotency.replayedHeader.toLowerCase(), 'true');
    if (kept.contentType) reply.header('content-type', kept.contentType);
    // As it left this hook the first time: the hooks after this one treat it the same way again.
    return reply.send(kept.body);
  }
  if (outcome.kind === 'reused') throw new ApiError(422, Reason.idempotencyKeyReused);
  if (outcome.kind === 'in-progress') {
    reply.header('retry-after', String(Idempotency.retryAfterSeconds));
    return reply.code(409).send(envelope(request.language, 409, Reason.idempotencyInProgress, null));
  }
  return reply.code(409).send(envelope(request.language, 409, Reason.idempotencyAlreadyApplied, null));
}

/**
 * `Idempotency-Key` on every write of a service (docs/adr/0093-idempotent-writes.md): a member's keyed write is
 * claimed before its handler runs, which runs with the claim in reach of the event store, and its reply is kept
 * for retries; a retry is answered with the first outcome. Registered after the session check (a key is scoped
 * to its member), before any route's own hooks. Reads, unkeyed writes, anonymous writes and uploads cost nothing.
 */
export function registerIdempotency(app: HttpApp, requests: IdempotentRequests): void {
  const running = new WeakMap<FastifyRequest, ClaimInFlight>();

  app.addHook('preHandler', (request, reply, done) => {
    if (!WRITE_METHODS.has(request.method)) return done();
    let key: string | undefined;
    try {
      key = idempotencyKeyOf(request.headers);
    } catch (error) {
      return done(error as Error);
    }
    const caller = request.actor?.id;
    // An anonymous write has no one to scope its key to (a sign-in's reply would be anyone's with the key).
    if (key === undefined || !caller || isStreamed(request)) return done();
    requests.claim(caller, key, requestHash(request)).then(
      (outcome) => {
        if (outcome.kind !== 'run') {
          try {
            answerEarlier(request, reply, outcome);
          } catch (error) {
            done(error as Error);
          }
          return;
        }
        running.set(request, outcome.claim);
        // The handler and everything it awaits run inside this call: the claim travels with them.
        runWithClaim(outcome.claim, () => done());
      },
      (error: Error) => done(error),
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = running.get(request);
    if (!claim) return payload;
    running.delete(request);
    claim.finished = true;
    const body = bodyOf(payload);
    const contentType = reply.getHeader('content-type');
    // Not waited for: a retry that comes before it is stored waits for it while this process lives.
    const kept =
      keeps(reply.statusCode) && body !== null
        ? requests.finish(claim, {
            status: reply.statusCode,
            contentType: typeof contentType === 'string' ? contentType : null,
            body,
          })
        : requests.release(claim);
    kept.catch((error: unknown) =>
      request.log.warn({ err: error }, 'could not keep the outcome of an idempotent write'),
    );
    if (Math.random() * Idempotency.sweepOneIn < 1) {
      requests.sweep().catch((error: unknown) => request.log.warn({ err: error }, 'could not sweep idempotency keys'));
    }
    return payload;
  });
}
