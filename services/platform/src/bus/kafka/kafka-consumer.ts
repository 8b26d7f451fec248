import type { Admin, Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Tx } from '../../db/database';
import { comparePositions, type LogPosition, type StoredEvent } from '../../eventstore/types';
import { projectionBatchDuration } from '../../observability/metrics';
import { takeGroupTurn } from '../group-turn';
import { type CatchUpOptions, type ConsumeOptions, type ConsumerHandle, withEventByEventReplay } from '../port';
import { CROSS_REPLICA_RECHECK_MS, Progress } from '../progress';
import { decodeEvent } from './codec';
import { lockOffsets, type PartitionOffset, readOffsets, saveOffsets } from './offsets';
import { laterOffsets, type NextOffsets, offsetsMoved, offsetsReached, partitionOfKey } from './partitions';

export interface KafkaConsumerSettings {
  kafka: Kafka;
  admin: () => Promise<Admin>;
  topic: string;
  groupId: string;
  options: ConsumeOptions;
  /** How many partition batches kafkajs hands over at once (the topic's partition count). */
  concurrency: number;
  log: Logger;
  sessionTimeout?: number;
  heartbeatInterval?: number;
  rebalanceTimeout?: number;
}

/** One partition's batch from kafkajs, held until the round it belongs to has been applied. */
interface PendingBatch {
  partition: number;
  payload: EachBatchPayload;
  done: { resolve: () => void; reject: (error: unknown) => void };
}

interface Item {
  batch: PendingBatch;
  partition: number;
  offset: bigint;
  raw: string;
  event?: StoredEvent;
  error?: Error;
}

/**
 * A consumer group member. kafkajs hands over one batch per partition, all the batches of a fetch
 * at once (partitionsConsumedConcurrently = partitions); they are gathered into a round, merged back
 * into log order (per-partition order kept) and applied in transactions of `batchSize` events. Each
 * transaction also moves the `kafka_offsets` rows of the partitions it read: PostgreSQL holds the
 * position, Kafka's committed offset is only a convenience.
 */
export class KafkaGroupConsumer implements ConsumerHandle {
  private consumer: Consumer | null = null;
  /** kafkajs only accepts pause/resume once `run` has set the group up. */
  private running = false;
  private pending: PendingBatch[] = [];
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();
  private joining: Promise<void> = Promise.resolve();
  private stopping = false;
  private isPaused = false;
  private readonly lowWatermarks = new Map<number, bigint>();
  private readonly log: Logger;
  private readonly batchSize: number;
  private restartTimer: NodeJS.Timeout | null = null;
  /** The next offset to apply per partition, as this group's commits (any replica's) moved them. */
  private readonly progress = new Progress<NextOffsets>(new Map(), laterOffsets, offsetsMoved);

  constructor(private readonly settings: KafkaConsumerSettings) {
    this.log = settings.log.child({ group: settings.groupId, topic: settings.topic });
    this.batchSize = settings.options.batchSize ?? 500;
  }

  get paused(): boolean {
    return this.isPaused;
  }

  async start(): Promise<void> {
    const { kafka, groupId, topic } = this.settings;
    const consumer = kafka.consumer({
      groupId,
      // A killed replica's partitions are handed on a session timeout later; 6 s is the least a broker accepts by
      // default (group.min.session.timeout.ms). Heartbeats go between transactions, so no batch may take this long.
      sessionTimeout: this.settings.sessionTimeout ?? 6_000,
      heartbeatInterval: this.settings.heartbeatInterval ?? 1_000,
      rebalanceTimeout: this.settings.rebalanceTimeout ?? 15_000,
      allowAutoTopicCreation: false,
      // Short fetch waits keep stop() and rebalances quick; data still arrives as soon as it exists.
      maxWaitTimeInMs: 500,
      retry: { initialRetryTime: 100, maxRetryTime: 5_000, retries: 10 },
    });
    this.consumer = consumer;
    this.running = false;
    consumer.on(consumer.events.GROUP_JOIN, (event) => {
      const assigned = event.payload.memberAssignment[topic] ?? [];
      this.joining = this.seekToStoredOffsets(consumer, assigned).catch((error) =>
        this.log.warn({ err: error }, 'could not seek to the offsets stored in PostgreSQL; relying on the checks'),
      );
    });
    consumer.on(consumer.events.CRASH, (event) => {
      const { error, restart } = event.payload;
      this.log.error({ err: error, restart }, 'kafka consumer crashed');
      if (!restart && !this.stopping) {
        this.running = false;
        this.scheduleRestart(consumer);
      }
    });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      // Only for commitOffsetsIfNecessary(): Kafka's committed offset trails PostgreSQL's.
      autoCommitInterval: 1_000,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: Math.max(1, this.settings.concurrency),
      eachBatch: (payload) => this.enqueue(payload),
    });
    this.running = true;
    if (this.isPaused) consumer.pause([{ topic }]);
  }

  private scheduleRestart(crashed: Consumer): void {
    if (this.restartTimer) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.stopping) return;
      void (async () => {
        await crashed.disconnect().catch(() => {});
        if (this.stopping || this.consumer !== crashed) return;
        await this.start();
      })().catch((error) => {
        this.log.error({ err: error }, 'kafka consumer restart failed; trying again');
        this.scheduleRestart(crashed);
      });
    }, 2_000);
    this.restartTimer.unref();
  }

  pause(): void {
    this.isPaused = true;
    if (!this.running) return;
    try {
      this.consumer?.pause([{ topic: this.settings.topic }]);
    } catch (error) {
      this.log.warn({ err: error }, 'could not pause the kafka consumer');
    }
  }

  resume(): void {
    this.isPaused = false;
    if (!this.running) return;
    try {
      this.consumer?.resume([{ topic: this.settings.topic }]);
    } catch (error) {
      this.log.warn({ err: error }, 'could not resume the kafka consumer');
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    // The round in progress ends after its current transaction; disconnect waits for it, then leaves the group.
    await this.consumer?.disconnect().catch((error) => this.log.warn({ err: error }, 'kafka consumer disconnect'));
    await this.chain;
  }

  /**
   * Compares the group's stored offsets with the partitions' high watermarks (of the streams' partitions
   * only, when given): caught up once every offset reaches the watermark read at the call.
   */
  async catchUp({ streams, timeoutMs, recheckMs, maxMs }: CatchUpOptions): Promise<boolean> {
    const { topic } = this.settings;
    const admin = await this.settings.admin();
    const [watermarks, stored] = await Promise.all([admin.fetchTopicOffsets(topic), this.storedOffsets()]);
    this.progress.advance(stored);
    const partitions = streams ? new Set(streams.map((s) => partitionOfKey(s, watermarks.length))) : null;
    const target = new Map<number, bigint>();
    for (const { partition, high, low } of watermarks) {
      if (BigInt(high) > BigInt(low) && (!partitions || partitions.has(partition))) target.set(partition, BigInt(high));
    }
    return this.progress.until(
      (offsets) => offsetsReached(offsets, target),
      timeoutMs,
      { everyMs: recheckMs ?? CROSS_REPLICA_RECHECK_MS, read: () => this.storedOffsets() },
      maxMs,
    );
  }

  private async storedOffsets(): Promise<NextOffsets> {
    const { options, groupId, topic } = this.settings;
    const stored = await readOffsets(options.consumer.db, groupId, topic);
    return new Map([...stored].map(([partition, offset]) => [partition, offset.nextOffset]));
  }

  /** After a (re)join, fetches start where PostgreSQL says this group is, not where Kafka's commit is. */
  private async seekToStoredOffsets(consumer: Consumer, partitions: number[]): Promise<void> {
    if (partitions.length === 0) return;
    const stored = await readOffsets(this.settings.options.consumer.db, this.settings.groupId, this.settings.topic);
    for (const partition of partitions) {
      const offset = stored.get(partition);
      if (offset) consumer.seek({ topic: this.settings.topic, partition, offset: offset.nextOffset.toString() });
    }
  }

  private enqueue(payload: EachBatchPayload): Promise<void> {
    if (this.stopping || payload.batch.messages.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ partition: payload.batch.partition, payload, done: { resolve, reject } });
      if (this.scheduled) return;
      this.scheduled = true;
      // kafkajs starts every batch of a fetch in the same tick: the next macrotask sees them all.
      setImmediate(() => {
        this.scheduled = false;
        const round = this.pending.splice(0);
        this.chain = this.chain.then(() => this.runRound(round));
      });
    });
  }

  private async runRound(round: PendingBatch[]): Promise<void> {
    try {
      await this.joining;
      await this.applyRound(round);
      for (const batch of round) batch.done.resolve();
    } catch (error) {
      // Nothing past the last committed transaction was resolved: kafkajs fetches it again.
      for (const batch of round) batch.done.reject(error);
    }
  }

  private decode(batch: PendingBatch): Item[] {
    return batch.payload.batch.messages.map((message) => {
      const raw = message.value?.toString('utf8') ?? '';
      const item: Item = { batch, partition: batch.partition, offset: BigInt(message.offset), raw };
      try {
        item.event = decodeEvent(raw);
      } catch (error) {
        item.error = error as Error;
      }
      return item;
    });
  }

  /** Merges the partitions' messages by log position; each partition keeps its own order. */
  private merge(round: PendingBatch[]): Item[] {
    const queues = round.map((batch) => ({ items: this.decode(batch), head: 0 })).filter((q) => q.items.length > 0);
    const merged: Item[] = [];
    for (;;) {
      let best: (typeof queues)[number] | undefined;
      let bestPosition: LogPosition | null = null;
      for (const queue of queues) {
        const item = queue.items[queue.head];
        if (!item) continue;
        if (!item.event) {
          best = queue;
          break;
        }
        if (!bestPosition || comparePositions(item.event.position, bestPosition) < 0) {
          best = queue;
          bestPosition = item.event.position;
        }
      }
      const next = best?.items[best.head];
      if (!best || !next) return merged;
      merged.push(next);
      best.head++;
    }
  }

  private async applyRound(round: PendingBatch[]): Promise<void> {
    if (this.stopping) return;
    // A seek since the fetch makes a partition's batch stale: kafkajs fetches it again from the seek.
    const live = round.filter((batch) => !batch.payload.isStale());
    const items = this.merge(live);
    const skipped = new Set<number>();
    let heartbeatFrom = live[0] ?? round[0];
    for (let start = 0; start < items.length; start += this.batchSize) {
      if (this.stopping || this.isPaused) break;
      const chunk = items
        .slice(start, start + this.batchSize)
        .filter((item) => !skipped.has(item.partition) && !item.batch.payload.isStale());
      if (chunk.length === 0) continue;
      const { resolved, saved } = await this.applyChunk(chunk, skipped);
      this.settings.options.afterCommit?.();
      this.progress.advance(new Map(saved.map((o) => [o.partition, o.nextOffset])));
      for (const [partition, offset] of resolved) {
        const batch = chunk.find((item) => item.partition === partition)?.batch;
        if (!batch) continue;
        batch.payload.resolveOffset(offset.toString());
        heartbeatFrom = batch;
      }
      // Throws if the group is rebalancing: the round ends here and kafkajs rejoins.
      await heartbeatFrom?.payload.heartbeat();
    }
    try {
      await heartbeatFrom?.payload.commitOffsetsIfNecessary();
    } catch (error) {
      this.log.debug({ err: error }, 'kafka offset commit failed (PostgreSQL holds the position)');
    }
  }

  private async lowWatermark(partition: number, refresh: boolean): Promise<bigint> {
    if (refresh || !this.lowWatermarks.has(partition)) {
      const admin = await this.settings.admin();
      for (const p of await admin.fetchTopicOffsets(this.settings.topic)) {
        this.lowWatermarks.set(p.partition, BigInt(p.low));
      }
    }
    return this.lowWatermarks.get(partition) ?? 0n;
  }

  /**
   * Applies one chunk in one transaction with the offsets it reaches. Returns, per partition, the
   * last offset done with (to resolve in kafkajs once committed); a partition whose messages start past
   * the stored position is sought back and left out (`skipped`), so that nothing is ever jumped over.
   */
  private async applyChunk(
    chunk: Item[],
    skipped: Set<number>,
  ): Promise<{ resolved: Map<number, bigint>; saved: PartitionOffset[] }> {
    const { options, groupId, topic } = this.settings;
    const partitions = [...new Set(chunk.map((item) => item.partition))];
    const timer = projectionBatchDuration.startTimer({ projection: options.group });
    const done = await withEventByEventReplay((mode) =>
      options.consumer.db.transaction().execute(async (tx) => {
        // Replicas own different partitions, but their batches write the same rows (a question's count, a
        // post's tally): they take turns, as on the PostgreSQL log (docs/adr/0080-one-batch-of-a-group-at-a-time.md).
        await takeGroupTurn(tx, options.consumer.schema, options.group);
        const stored = await lockOffsets(tx, groupId, topic, partitions);
        const state = new Map<number, { next: bigint; last: LogPosition | null; checked: boolean }>();
        for (const partition of partitions) {
          const row: PartitionOffset | undefined = stored.get(partition);
          state.set(partition, { next: row?.nextOffset ?? -1n, last: row?.last ?? null, checked: false });
        }
        const events: StoredEvent[] = [];
        const undecodable: Item[] = [];
        const resolved = new Map<number, bigint>();
        const advanced = new Set<number>();
        for (const item of chunk) {
          if (skipped.has(item.partition)) continue;
          const s = state.get(item.partition);
          if (!s) continue; // every partition of the chunk has its state, set above
          if (!s.checked) {
            s.checked = true;
            let expected = s.next;
            if (expected < 0n) {
              // No position yet: the group starts at the beginning of the partition.
              expected = await this.lowWatermark(item.partition, false);
              if (item.offset > expected) expected = await this.lowWatermark(item.partition, true);
            }
            if (item.offset > expected) {
              // Kafka would jump over messages never applied here (a lost reset, a stale commit): go back for them.
              this.log.warn(
                { partition: item.partition, expected: String(expected), got: String(item.offset) },
                'kafka fetched past the stored position; seeking back',
              );
              this.consumer?.seek({ topic, partition: item.partition, offset: expected.toString() });
              skipped.add(item.partition);
              continue;
            }
            if (s.next < 0n) s.next = expected;
          }
          // Applied already (a fetch from behind PostgreSQL's position): only let kafkajs move on.
          resolved.set(item.partition, item.offset);
          if (item.offset < s.next) continue;
          s.next = item.offset + 1n;
          advanced.add(item.partition);
          if (!item.event) {
            undecodable.push(item);
            continue;
          }
          // The relay may publish an event again after a crash; positions grow within a partition.
          if (s.last && comparePositions(item.event.position, s.last) <= 0) continue;
          s.last = item.event.position;
          events.push(item.event);
        }
        for (const item of undecodable) await this.parkUndecodable(tx, item);
        if (events.length > 0) await options.handleBatch(tx, events, mode);
        const toSave: PartitionOffset[] = [];
        for (const [partition, s] of state) {
          if (advanced.has(partition)) {
            toSave.push({ partition, nextOffset: s.next, last: s.last ?? { transactionId: '0', globalPosition: '0' } });
          } else if (!stored.has(partition)) {
            await sql`delete from kafka_offsets
                    where group_id = ${groupId} and topic = ${topic} and partition = ${partition} and next_offset < 0`.execute(
              tx,
            );
          }
        }
        await saveOffsets(tx, groupId, topic, toSave);
        return { resolved, saved: toSave };
      }),
    );
    timer();
    return done;
  }

  private async parkUndecodable(tx: Tx, item: Item): Promise<void> {
    const error = item.error ?? new Error('undecodable message');
    this.log.error(
      { err: error, partition: item.partition, offset: String(item.offset) },
      'parked a message that is not an event',
    );
    const { options } = this.settings;
    if (options.onUndecodable) {
      await options.onUndecodable(tx, item.raw, error);
      return;
    }
    await sql`
      insert into dead_letters (projection, source, payload, error, attempts)
      values (${options.group}, ${options.source}, ${JSON.stringify({ raw: item.raw, partition: item.partition, offset: String(item.offset) })}::jsonb,
              ${`${error.name}: ${error.message}`}, 0)`.execute(tx);
  }
}
