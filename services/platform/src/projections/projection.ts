import type { EventDefinition } from '@agora/contracts';
import type { Tx } from '../db/database';
import type { StoredEvent } from '../eventstore/types';

/**
 * Events per transaction of a saga: a projection whose `apply` runs a command in transactions of its own
 * while the consumer's transaction, which moves its position, waits idle. Kept short, so that transaction
 * stays far within the database's idle-in-transaction timeout even on a loaded machine (a batch cut off there
 * is retried whole: harmless, its decisions being idempotent, but wasted work).
 */
export const SAGA_BATCH_SIZE = 10;

/**
 * A named read model fed by one producer's events. `apply` must be idempotent per event: delivery is at
 * least once across failures, although positions normally commit with the read model.
 */
export interface Projection {
  name: string;
  /** The producing service whose events it reads. */
  source: string;
  /** The event types it understands, with their schemas: others are passed over, malformed ones parked. */
  events: readonly EventDefinition[];
  apply(event: StoredEvent, tx: Tx): Promise<void>;
  /**
   * A whole batch at once, in order, when the projection can do it in fewer statements than one event at a
   * time (it must leave the read model as applying each event in turn would). Used for a batch's first try;
   * a batch replayed event by event, in savepoints, goes through `apply`.
   */
  applyBatch?(events: StoredEvent[], tx: Tx): Promise<void>;
  /**
   * Events per transaction, when not the runner's: a projection whose events are costly keeps its
   * transactions short, since a long one holds back every consumer's gap-safe read (DESIGN §3).
   */
  batchSize?: number;
  /** A pause after each batch for a read model no reply waits on, so writes come in fewer transactions (ConsumeOptions). */
  lingerMs?: number;
  /**
   * Projections of one service that write the same rows (a shared counter) name the same lock group:
   * each batch takes the group's lock before its first write, so they take turns instead of locking
   * rows in opposite orders and deadlocking (docs/adr/0005-projection-batches.md).
   */
  lockGroup?: string;
  /**
   * Topic tables (see watchTopicTables) this projection writes: their caches in this process learn of
   * each committed batch at once.
   */
  topics?: readonly string[];
  /**
   * A keyed topic (see announceKeys) this projection writes, and the key each event changes: per-key
   * caches in this process learn of each committed batch's keys at once, before its announcements arrive.
   */
  keyed?: { topic: string; keyOf(event: StoredEvent): string | undefined };
  /** Empties the read model for a rebuild from position zero. */
  reset(tx: Tx): Promise<void>;
}

/**
 * The pace of a read model no reply waits on (docs/adr/0082-lingering-projections.md): it applies what arrived
 * within a second in one transaction, not one per write, in batches of at most 50, since a consumer's open
 * transaction holds every consumer's fence back (DESIGN §3).
 */
export const LINGERING: Pick<Projection, 'lingerMs' | 'batchSize'> = { lingerMs: 1000, batchSize: 50 };
