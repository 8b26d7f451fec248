import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { EventBus } from '../bus/port';
import type { ServiceDatabase } from '../db/database';
import { isTransientDatabaseError, retryDelayMs } from '../db/transient-errors';
import type { StoredEvent } from '../eventstore/types';
import { applyInSavepoint, errorText, takeLockGroup } from './batch-handler';
import { EventDecoder } from './decode';
import type { Projection } from './projection';

export interface RetryOutcome {
  /** Set-aside events applied now and removed from dead_letters. */
  applied: number;
  /** Those that failed again: they stay, with their new error. */
  stillFailing: number;
}

const CHUNK = 100;
const TRANSIENT_TRIES = 20;

interface ParkedRow {
  id: string;
  payload: unknown;
}

function asStoredEvent(payload: unknown): StoredEvent | null {
  const event = payload as Partial<StoredEvent> | null;
  if (!event || typeof event !== 'object' || typeof event.type !== 'string' || typeof event.id !== 'string')
    return null;
  return event as StoredEvent;
}

/**
 * Applies a projection's set-aside events again, oldest first, once their cause is fixed. Each chunk runs
 * in a transaction that holds the projection's consumer group off (any process: this works while Agora
 * runs) and takes its lock group; an event that applies is removed from dead_letters in that transaction,
 * one that fails again stays with its new error. Projections are idempotent per event, so an event that
 * was applied after all is harmless to apply again.
 */
export async function retryParkedEvents(
  projection: Projection,
  database: ServiceDatabase,
  bus: EventBus,
  log: Logger,
): Promise<RetryOutcome> {
  const decoder = new EventDecoder(projection.events);
  const outcome: RetryOutcome = { applied: 0, stillFailing: 0 };
  let afterId = '0';
  for (;;) {
    const chunk = await withTransientRetries(log, () =>
      database.db.transaction().execute(async (tx) => {
        await bus.holdGroup(tx, database, projection.name, projection.source);
        if (projection.lockGroup) await takeLockGroup(tx, projection.lockGroup);
        const { rows } = await sql<ParkedRow>`
          select id::text as id, payload from dead_letters
          where projection = ${projection.name} and id > ${afterId}::bigint
          order by id limit ${CHUNK} for update skip locked`.execute(tx);
        let applied = 0;
        let failing = 0;
        for (const row of rows) {
          const event = asStoredEvent(row.payload);
          let failure: { error: unknown; attempts: number } | null;
          if (!event) {
            failure = { error: new Error('not an event (an undecodable message): it cannot be replayed'), attempts: 1 };
          } else {
            try {
              const decoded = decoder.decode(event);
              failure = await applyInSavepoint(tx, () => projection.apply(decoded, tx), 1, 0);
            } catch (error) {
              if (isTransientDatabaseError(error)) throw error;
              failure = { error, attempts: 1 };
            }
          }
          if (failure) {
            failing++;
            await sql`update dead_letters set error = ${errorText(failure.error)}, attempts = attempts + ${failure.attempts}
                      where id = ${row.id}::bigint`.execute(tx);
          } else {
            applied++;
            await sql`delete from dead_letters where id = ${row.id}::bigint`.execute(tx);
          }
        }
        return { count: rows.length, lastId: rows.at(-1)?.id, applied, failing };
      }),
    );
    outcome.applied += chunk.applied;
    outcome.stillFailing += chunk.failing;
    if (chunk.count < CHUNK || !chunk.lastId) return outcome;
    afterId = chunk.lastId;
  }
}

async function withTransientRetries<T>(log: Logger, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isTransientDatabaseError(error) || attempt >= TRANSIENT_TRIES) throw error;
      log.warn({ err: error, attempt }, 'retrying set-aside events: transient database error, trying again');
      // An operator waits on this command: at most 5 s between tries.
      await sleep(Math.min(retryDelayMs(attempt), 5_000));
    }
  }
}
