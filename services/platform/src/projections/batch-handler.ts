import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { type BatchHandler, ReplayEventByEvent } from '../bus/port';
import type { Tx } from '../db/database';
import { isTransientDatabaseError } from '../db/transient-errors';
import type { StoredEvent } from '../eventstore/types';
import { projectionDeadLetters, projectionEventsApplied } from '../observability/metrics';
import { EventDecoder, MalformedEventError } from './decode';
import type { Projection } from './projection';

export interface BatchHandlerOptions {
  log: Logger;
  /** Attempts at one event that fails for a deterministic reason before it is parked. */
  maxAttempts?: number;
  retryDelayMs?: number;
}

/** How dead_letters records an error. */
export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export async function parkEvent(
  tx: Tx,
  projection: string,
  source: string,
  event: Partial<StoredEvent> & { payload?: unknown },
  error: unknown,
  attempts: number,
): Promise<void> {
  const message = errorText(error);
  await sql`
    insert into dead_letters (projection, source, event_id, stream_id, stream_version, type, payload, error, attempts)
    values (${projection}, ${source}, ${event.id ?? null}, ${event.streamId ?? null}, ${event.version ?? null},
            ${event.type ?? null}, ${JSON.stringify(event.payload ?? event)}::jsonb, ${message}, ${attempts})`.execute(
    tx,
  );
  projectionDeadLetters.inc({ projection });
}

/** Takes a projection's lock group (see Projection.lockGroup) for the rest of the transaction. */
export async function takeLockGroup(tx: Tx, group: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('agora:projection-lock:' || current_schema() || ':' || ${group}, 0))`.execute(
    tx,
  );
}

/**
 * Applies one event in its own savepoint, trying a deterministic failure up to `maxAttempts` times.
 * Returns the error that made it fail for good; a transient database error is thrown instead, so that
 * the caller's whole transaction is rolled back and tried again (never parked).
 */
export async function applyInSavepoint(
  tx: Tx,
  apply: () => Promise<void>,
  maxAttempts: number,
  retryDelayMs: number,
): Promise<{ error: unknown; attempts: number } | null> {
  for (let attempt = 1; ; attempt++) {
    await sql`savepoint agora_event`.execute(tx);
    try {
      await apply();
      await sql`release savepoint agora_event`.execute(tx);
      return null;
    } catch (error) {
      if (isTransientDatabaseError(error)) throw error;
      // If the connection itself is gone this throws, and the bus retries the whole batch later.
      await sql`rollback to savepoint agora_event`.execute(tx);
      if (error instanceof MalformedEventError || attempt >= maxAttempts) return { error, attempts: attempt };
      await sleep(retryDelayMs * attempt);
    }
  }
}

/**
 * Turns a projection into the bus's batch handler. The whole batch is tried at once, with no savepoint
 * (the fewest statements). A transient database error (deadlock, serialization failure, lost connection)
 * is thrown on, so the bus rolls the transaction back and retries the whole batch in a new one with
 * back-off, for as long as it takes. Any other failure asks the bus for the batch again event by event
 * (ReplayEventByEvent): each event then runs in its own savepoint with bounded retries, and an event that
 * still fails is parked in `dead_letters`, loudly, so the rest goes on.
 */
export function projectionBatchHandler(projection: Projection, options: BatchHandlerOptions): BatchHandler {
  const decoder = new EventDecoder(projection.events);
  const maxAttempts = options.maxAttempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 20;
  const log = options.log.child({ projection: projection.name });

  const applyAll = async (tx: Tx, events: StoredEvent[]) => {
    if (projection.applyBatch)
      return projection.applyBatch(
        events.map((event) => decoder.decode(event)),
        tx,
      );
    for (const event of events) await projection.apply(decoder.decode(event), tx);
  };

  const park = async (tx: Tx, event: StoredEvent, error: unknown, attempts: number) => {
    log.error(
      { err: error, eventId: event.id, type: event.type, streamId: event.streamId, attempts },
      'projection set an event aside in dead_letters: it fails for a reason that repeats; fix the cause, then run `projections retry`',
    );
    await parkEvent(tx, projection.name, projection.source, event, error, attempts);
  };

  const applyOneByOne = async (tx: Tx, events: StoredEvent[]) => {
    for (const event of events) {
      let decoded: StoredEvent;
      try {
        decoded = decoder.decode(event);
      } catch (error) {
        await park(tx, event, error, 0);
        continue;
      }
      const failed = await applyInSavepoint(tx, () => projection.apply(decoded, tx), maxAttempts, retryDelayMs);
      if (failed) await park(tx, event, failed.error, failed.attempts);
    }
  };

  return async (tx, events, mode) => {
    const relevant = events.filter((e) => decoder.handles(e.type));
    if (relevant.length === 0) return;
    if (projection.lockGroup) await takeLockGroup(tx, projection.lockGroup);
    if (mode?.eventByEvent) {
      await applyOneByOne(tx, relevant);
    } else {
      try {
        await applyAll(tx, relevant);
      } catch (error) {
        // A deadlock or a lost connection: the whole transaction goes, its locks with it, and the bus tries
        // the batch again in a new one. Anything else: the transaction is spoilt, so the bus starts over
        // event by event.
        if (isTransientDatabaseError(error)) throw error;
        throw new ReplayEventByEvent(error);
      }
    }
    projectionEventsApplied.inc({ projection: projection.name }, relevant.length);
  };
}
