import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Idempotency } from '@agora/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { executePrepared } from '../db/prepared';
import { leaseHeld } from '../ids/id-generator';
import type { ClaimInFlight } from './claim-context';

/** The running process, as its node lease names it: a claim it holds is alive while the lease is. */
export interface ClaimHolder {
  pid: number;
  node: number;
}

/** A reply as the idempotency hook saw it: later hooks rewrite text (permalink ids) and leave bytes alone. */
export interface KeptReply {
  status: number;
  contentType: string | null;
  body: string | Buffer;
}

/** What a keyed request is to do, once its key has been looked at. */
export type ClaimOutcome =
  | { kind: 'run'; claim: ClaimInFlight }
  | { kind: 'replay'; reply: KeptReply }
  /** The key was used for another request (422). */
  | { kind: 'reused' }
  /** The first attempt is still running (409, try again in a moment). */
  | { kind: 'in-progress' }
  /** The first attempt committed its write and died before its reply was kept (409, reload). */
  | { kind: 'applied' };

interface ClaimRow {
  request_hash: string;
  attempt: string;
  state: 'pending' | 'committed' | 'done';
  status: number | null;
  content_type: string | null;
  body: Buffer | null;
  body_is_text: boolean;
  /** The attempt ended, or has held the claim past `attemptOverAfterMs`, or its process is gone. */
  over: boolean;
}

/**
 * Commits the statement that reads it without waiting for the WAL to reach the disk (`synchronous_commit` off for
 * its own transaction), so a claim costs a round trip and no flush. Nothing is lost that matters: a write's commit
 * flushes the WAL before it, claim included, and a claim or reply lost with a crash of the database server leaves a
 * key that runs again (nothing committed) or answers "already applied" (docs/adr/0093-idempotent-writes.md).
 */
const NO_FLUSH = sql`no_flush as (select set_config('synchronous_commit', 'off', true) as setting)`;

function keptReply(row: ClaimRow): KeptReply {
  const body = row.body ?? Buffer.alloc(0);
  return {
    status: row.status ?? 200,
    contentType: row.content_type,
    body: row.body_is_text ? body.toString('utf8') : body,
  };
}

/**
 * The `idempotent_requests` table of a service (docs/adr/0093-idempotent-writes.md): claims taken before a keyed
 * write runs, taken over when their attempt died before committing, and the replies kept for retries.
 */
export class IdempotentRequests {
  constructor(
    private readonly db: Db,
    private readonly holder: ClaimHolder | null,
  ) {}

  /**
   * Claims a key for this attempt, or tells what its first attempt came to: its reply, a refusal of another
   * request under the same key, or that it runs still (waited for up to `waitForFirstMs`) or committed and died.
   */
  async claim(caller: string, key: string, hash: string): Promise<ClaimOutcome> {
    const deadline = Date.now() + Idempotency.waitForFirstMs;
    for (;;) {
      const claim: ClaimInFlight = { caller, key, attempt: randomUUID(), finished: false };
      if (await this.insert(claim, hash)) return { kind: 'run', claim };
      const row = await this.look(caller, key);
      // Swept meanwhile: claim it afresh.
      if (!row) continue;
      if (row.request_hash !== hash) return { kind: 'reused' };
      if (row.state === 'done') return { kind: 'replay', reply: keptReply(row) };
      if (row.over && row.state === 'pending') {
        // Its attempt ended or died without committing: this one takes over, and that one can no longer commit.
        if (await this.takeOver(row.attempt, claim)) return { kind: 'run', claim };
        continue;
      }
      if (row.over) return { kind: 'applied' };
      if (Date.now() >= deadline) return { kind: 'in-progress' };
      await sleep(Idempotency.lookEveryMs);
    }
  }

  /** Keeps a reply of the claim's attempt, to answer retries with. */
  async finish(claim: ClaimInFlight, reply: KeptReply) {
    const text = typeof reply.body === 'string';
    const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
    await executePrepared(
      this.db,
      sql`with ${NO_FLUSH} update idempotent_requests
          set state = 'done', status = ${reply.status}, content_type = ${reply.contentType}, body = ${body},
            body_is_text = ${text}
          from no_flush
          where caller = ${claim.caller} and key = ${claim.key} and attempt = ${claim.attempt}::uuid`,
    );
  }

  /**
   * Ends an attempt without a reply to keep: a retry then runs afresh when the attempt committed nothing (it takes
   * the pending claim over), and is told it was applied when it had committed.
   */
  async release(claim: ClaimInFlight) {
    await executePrepared(
      this.db,
      sql`with ${NO_FLUSH} update idempotent_requests set ended = true from no_flush
          where caller = ${claim.caller} and key = ${claim.key} and attempt = ${claim.attempt}::uuid`,
    );
  }

  /** Deletes the keys older than `keptForMs`: the block-range index finds them. */
  async sweep() {
    await sql`delete from idempotent_requests
              where claimed_at < now() - ${Idempotency.keptForMs} * interval '1 millisecond'`.execute(this.db);
  }

  private async insert(claim: ClaimInFlight, hash: string): Promise<boolean> {
    const { rows } = await executePrepared(
      this.db,
      sql`with ${NO_FLUSH} insert into idempotent_requests (caller, key, request_hash, attempt, holder_pid, holder_node)
          select ${claim.caller}, ${claim.key}, ${hash}, ${claim.attempt}::uuid, ${this.holder?.pid ?? null}::int,
                 ${this.holder?.node ?? null}::int
          from no_flush
          on conflict do nothing returning 1 as claimed`,
    );
    return rows.length > 0;
  }

  private async look(caller: string, key: string): Promise<ClaimRow | undefined> {
    // A claim without a holder (a process without a lease) ends only with the time bound.
    const alive = sql`(holder_pid is null or ${leaseHeld(sql`holder_pid`, sql`holder_node`)})`;
    const { rows } = await sql<ClaimRow>`
      select request_hash, attempt::text as attempt, state, status, content_type, body, body_is_text,
        (ended or claimed_at < now() - ${Idempotency.attemptOverAfterMs} * interval '1 millisecond' or not ${alive})
          as over
      from idempotent_requests where caller = ${caller} and key = ${key}`.execute(this.db);
    return rows[0];
  }

  /** Takes a pending claim over from a dead attempt, unless another retry did first or it committed meanwhile. */
  private async takeOver(from: string, claim: ClaimInFlight): Promise<boolean> {
    const { rows } = await sql`
      update idempotent_requests
      set attempt = ${claim.attempt}::uuid, holder_pid = ${this.holder?.pid ?? null}::int,
          holder_node = ${this.holder?.node ?? null}::int, claimed_at = now(), ended = false
      where caller = ${claim.caller} and key = ${claim.key} and attempt = ${from}::uuid and state = 'pending'
      returning 1 as taken`.execute(this.db);
    return rows.length > 0;
  }
}
