import { AsyncLocalStorage } from 'node:async_hooks';
import { Reason } from '@agora/contracts';
import { type RawBuilder, sql } from 'kysely';
import { ApiError } from '../http/errors';

/**
 * The claim of the keyed write a request is running (docs/adr/0093-idempotent-writes.md), carried from its hook
 * to the statements that append its events, which mark it `committed` in their own transaction.
 */
export interface ClaimInFlight {
  readonly caller: string;
  readonly key: string;
  /** This attempt's id: only the attempt holding the claim may commit, a retry that took it over fences it off. */
  readonly attempt: string;
  /** Set once the reply is on its way: work the request left behind (a timer) marks nothing after that. */
  finished: boolean;
}

/** The SQLSTATE of `idempotent_claim_lost()`, raised by a statement whose attempt no longer holds its claim. */
export const CLAIM_LOST_SQLSTATE = 'AGI01';

const claims = new AsyncLocalStorage<ClaimInFlight>();

/** Runs `work` (the rest of a request) with its claim in reach of the event store. */
export function runWithClaim<T>(claim: ClaimInFlight, work: () => T): T {
  return claims.run(claim, work);
}

/** The claim of the request this code runs for, while its reply has not been sent. */
export function claimInFlight(): ClaimInFlight | undefined {
  const claim = claims.getStore();
  return claim && !claim.finished ? claim : undefined;
}

/** A write whose claim a retry took over (the first attempt was presumed dead): it must not commit. */
export class ClaimTakenOverError extends ApiError {
  override name = 'ClaimTakenOverError';
  constructor() {
    super(409, Reason.idempotencyInProgress);
  }
}

export function isClaimLost(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === CLAIM_LOST_SQLSTATE;
}

/** The name of the common table expression that marks the claim. */
const MARK = sql.raw('idempotent_claim_mark');

/**
 * What an appending statement adds for its request's claim: a common table expression marking the claim
 * `committed`, and a condition for its insert that fails the statement (and so the whole transaction) when this
 * attempt no longer holds the claim. The mark's row lock is held to the commit, so a retry's takeover either
 * waits and then finds the claim committed, or comes first and this statement fails.
 */
export function claimMark(claim: ClaimInFlight): { cte: RawBuilder<unknown>; held: RawBuilder<unknown> } {
  return {
    cte: sql`${MARK} as (
      update idempotent_requests set state = 'committed'
      where caller = ${claim.caller} and key = ${claim.key} and attempt = ${claim.attempt}::uuid
        and state in ('pending', 'committed')
      returning 1
    )`,
    held: sql`(case when exists (select 1 from ${MARK}) then true else idempotent_claim_lost() end)`,
  };
}
