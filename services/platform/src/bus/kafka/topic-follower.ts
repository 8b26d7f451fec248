import { randomUUID } from 'node:crypto';
import type { Admin, Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { Logger } from 'pino';
import { comparePositions, type LogPosition } from '../../eventstore/types';
import type { BusCursor, FollowedEvent, FollowerHandle, FollowOptions } from '../port';
import { decodeEvent } from './codec';
import { markOf, offsetsOfCursor, spellOffsets } from './topic-cursors';

export interface TopicReaderParts {
  kafka: Kafka;
  admin: () => Promise<Admin>;
  /** The topic of a source, made if missing (the follower may start before its producer). */
  topicOf(source: string): Promise<string>;
  /** A consumer group nobody else uses: the follower never commits, so it only names this process's reader. */
  groupId(): string;
  log: Logger;
}

/** One source's topic as a reader sees it: each partition's next offset and the last position it took. */
export class PartitionsRead {
  readonly next: bigint[];
  private readonly last = new Map<number, LogPosition>();

  constructor(start: readonly bigint[]) {
    this.next = [...start];
  }

  /**
   * Takes a message: null when it was read already (a fetch again after a seek) or is a copy the relay published
   * again after a crash; otherwise the event (or null when undecodable), its mark and the cursor past it.
   */
  take(
    partition: number,
    offset: string,
    raw: string,
    log: Logger,
  ): { followed: FollowedEvent | null; moved: boolean } {
    const at = BigInt(offset);
    if (at < (this.next[partition] ?? 0n)) return { followed: null, moved: false };
    while (this.next.length <= partition) this.next.push(0n);
    this.next[partition] = at + 1n;
    let event: FollowedEvent['event'];
    try {
      event = decodeEvent(raw);
    } catch (error) {
      log.warn({ err: error, partition, offset }, 'the live follower skipped a message that is not an event');
      return { followed: null, moved: true };
    }
    const last = this.last.get(partition);
    if (last && comparePositions(event.position, last) <= 0) return { followed: null, moved: true };
    this.last.set(partition, event.position);
    return { followed: { event, mark: markOf(partition, at), cursor: this.cursor() }, moved: true };
  }

  cursor(): string {
    return spellOffsets(this.next);
  }
}

/** Each partition's high watermark: where a reader that starts now starts. */
export async function topicEnd(admin: Admin, topic: string): Promise<bigint[]> {
  const offsets = await admin.fetchTopicOffsets(topic);
  const next: bigint[] = [];
  for (const { partition, high } of offsets) next[partition] = BigInt(high);
  return Array.from(next, (offset) => offset ?? 0n);
}

/**
 * Follows sources' topics with a consumer of this process's own (a group of one, never committing), from the
 * given offsets or each partition's current end (docs/adr/0099-live-pages.md).
 */
export async function followTopics(parts: TopicReaderParts, options: FollowOptions): Promise<FollowerHandle> {
  const admin = await parts.admin();
  const bySource = new Map<string, { topic: string; read: PartitionsRead }>();
  const byTopic = new Map<string, { source: string; read: PartitionsRead }>();
  const started: BusCursor = {};
  for (const source of options.sources) {
    const topic = await parts.topicOf(source);
    const given = options.after?.[source];
    const read = new PartitionsRead(given ? offsetsOfCursor(given) : await topicEnd(admin, topic));
    started[source] = read.cursor();
    bySource.set(source, { topic, read });
    byTopic.set(topic, { source, read });
  }
  const types = options.types ? new Set(options.types) : null;
  const consumer: Consumer = parts.kafka.consumer({
    groupId: parts.groupId(),
    sessionTimeout: 10_000,
    heartbeatInterval: 1_000,
    allowAutoTopicCreation: false,
    maxWaitTimeInMs: 100,
    retry: { initialRetryTime: 100, maxRetryTime: 5_000, retries: 10 },
  });
  // After every join (the first, or after the broker lost the group), reading goes on where it stands, never at the
  // group's default (the end): nothing between is jumped over.
  consumer.on(consumer.events.GROUP_JOIN, (event) => {
    for (const [topic, partitions] of Object.entries(event.payload.memberAssignment)) {
      const followed = byTopic.get(topic);
      if (!followed) continue;
      for (const partition of partitions) {
        consumer.seek({ topic, partition, offset: String(followed.read.next[partition] ?? 0n) });
      }
    }
  });
  const eachBatch = async ({ batch, isStale }: EachBatchPayload) => {
    const followed = byTopic.get(batch.topic);
    if (!followed || isStale()) return;
    const events: FollowedEvent[] = [];
    let moved = false;
    for (const message of batch.messages) {
      const taken = followed.read.take(
        batch.partition,
        message.offset,
        message.value?.toString('utf8') ?? '',
        parts.log,
      );
      moved ||= taken.moved;
      if (taken.followed && (!types || types.has(taken.followed.event.type))) events.push(taken.followed);
    }
    if (moved) options.deliver(followed.source, events, followed.read.cursor());
  };
  await consumer.connect();
  await consumer.subscribe({ topics: [...byTopic.keys()], fromBeginning: false });
  await consumer.run({ autoCommit: false, eachBatch });
  return {
    started,
    async stop() {
      await consumer.disconnect().catch((error) => parts.log.warn({ err: error }, 'live follower disconnect'));
    },
  };
}

/** A group id for one reader of this process (`<prefix>.live.<random>`). */
export const readerGroupId = (prefix: string) => `${prefix}.live.${randomUUID()}`;
