import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { BatchHandler } from '../bus/port';
import type { Tx } from '../db/database';
import type { StoredEvent } from '../eventstore/types';
import { projectionDeadLetters, projectionEventsApplied } from '../observability/metrics';
import { EventDecoder, MalformedEventError } from './decode';
import type { Projection } from './projection';

export interface BatchHandlerOptions {
  log: Logger;
  /** Attempts at one event before it is parked. */
  maxAttempts?: number;
  retryDelayMs?: number;
}

export async function parkEvent(
  tx: Tx,
  projection: string,
  source: string,
  event: Partial<StoredEvent> & { payload?: unknown },
  error: unknown,
  attempts: number,
): Promise<void> {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  await sql`
    insert into dead_letters (projection, source, event_id, stream_id, stream_version, type, payload, error, attempts)
    values (${projection}, ${source}, ${event.id ?? null}, ${event.streamId ?? null}, ${event.version ?? null},
            ${event.type ?? null}, ${JSON.stringify(event.payload ?? event)}::jsonb, ${message}, ${attempts})`.execute(
    tx,
  );
  projectionDeadLetters.inc({ projection });
}

/**
 * Turns a projection into the bus's batch handler. The whole batch is tried at once inside a savepoint;
 * if anything fails it is replayed event by event, each in its own savepoint with bounded retries, and
 * an event that still fails is parked in `dead_letters` so the rest of the stream goes on.
 */
export function projectionBatchHandler(projection: Projection, options: BatchHandlerOptions): BatchHandler {
  const decoder = new EventDecoder(projection.events);
  const maxAttempts = options.maxAttempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 20;
  const log = options.log.child({ projection: projection.name });

  const applyAll = async (tx: Tx, events: StoredEvent[]) => {
    for (const event of events) await projection.apply(decoder.decode(event), tx);
  };

  const applyOneByOne = async (tx: Tx, events: StoredEvent[]) => {
    for (const event of events) {
      let decoded: StoredEvent;
      try {
        decoded = decoder.decode(event);
      } catch (error) {
        log.error({ err: error, eventId: event.id, type: event.type }, 'parked a malformed event');
        await parkEvent(tx, projection.name, projection.source, event, error, 0);
        continue;
      }
      for (let attempt = 1; ; attempt++) {
        await sql`savepoint agora_event`.execute(tx);
        try {
          await projection.apply(decoded, tx);
          await sql`release savepoint agora_event`.execute(tx);
          break;
        } catch (error) {
          // If the connection itself is gone this throws, and the bus retries the whole batch later.
          await sql`rollback to savepoint agora_event`.execute(tx);
          if (error instanceof MalformedEventError || attempt >= maxAttempts) {
            log.error({ err: error, eventId: event.id, type: event.type, attempts: attempt }, 'parked a failing event');
            await parkEvent(tx, projection.name, projection.source, event, error, attempt);
            break;
          }
          await sleep(retryDelayMs * attempt);
        }
      }
    }
  };

  return async (tx, events) => {
    const relevant = events.filter((e) => decoder.handles(e.type));
    if (relevant.length === 0) return;
    await sql`savepoint agora_batch`.execute(tx);
    try {
      await applyAll(tx, relevant);
      await sql`release savepoint agora_batch`.execute(tx);
    } catch {
      await sql`rollback to savepoint agora_batch`.execute(tx);
      await applyOneByOne(tx, relevant);
    }
    projectionEventsApplied.inc({ projection: projection.name }, relevant.length);
  };
}
