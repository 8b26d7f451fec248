import { comparePositions } from '../../eventstore/types';
import type { FollowedEvent, ReplayOptions, ReplayResult, SourceCursor } from '../port';
import { offsetsOfCursor, spellOffsets } from './topic-cursors';
import { PartitionsRead, type TopicReaderParts } from './topic-follower';

/** How long a replay's reader may take to join, seek and read, before the resume is answered as too far. */
const REPLAY_TIMEOUT_MS = 15_000;

/**
 * Reads one source's topic between two cursors with a short-lived reader of its own: it seeks each partition to its
 * offset in `from`, reads up to the one in `until`, and leaves. Too far when more than `limit` messages lie between
 * them or the topic no longer holds the oldest (docs/adr/0099-live-pages.md).
 */
export async function replayTopic(
  parts: TopicReaderParts,
  source: string,
  from: SourceCursor,
  { until, types, limit }: ReplayOptions,
): Promise<ReplayResult> {
  const start = offsetsOfCursor(from);
  const end = offsetsOfCursor(until);
  const wanted = new Map<number, { from: bigint; to: bigint }>();
  let total = 0n;
  end.forEach((to, partition) => {
    const begin = start[partition] ?? 0n;
    if (to > begin) {
      wanted.set(partition, { from: begin, to });
      total += to - begin;
    }
  });
  if (total === 0n) return { tooFar: false, events: [] };
  if (total > BigInt(limit)) return { tooFar: true };
  const topic = await parts.topicOf(source);
  const admin = await parts.admin();
  for (const { partition, low } of await admin.fetchTopicOffsets(topic)) {
    const range = wanted.get(partition);
    if (range && BigInt(low) > range.from) return { tooFar: true };
  }

  const read = new PartitionsRead(start);
  const taken: Array<{ partition: number; followed: FollowedEvent }> = [];
  const consumer = parts.kafka.consumer({
    groupId: parts.groupId(),
    allowAutoTopicCreation: false,
    maxWaitTimeInMs: 100,
    retry: { initialRetryTime: 100, maxRetryTime: 2_000, retries: 5 },
  });
  const done = new Set<number>();
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  consumer.on(consumer.events.GROUP_JOIN, (event) => {
    for (const partition of event.payload.memberAssignment[topic] ?? []) {
      const range = wanted.get(partition);
      if (range) consumer.seek({ topic, partition, offset: String(range.from) });
      else consumer.pause([{ topic, partitions: [partition] }]);
    }
  });
  try {
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatch: async ({ batch, isStale }) => {
        const range = wanted.get(batch.partition);
        if (!range || isStale()) return;
        for (const message of batch.messages) {
          if (BigInt(message.offset) >= range.to) break;
          const { followed } = read.take(
            batch.partition,
            message.offset,
            message.value?.toString('utf8') ?? '',
            parts.log,
          );
          if (followed) taken.push({ partition: batch.partition, followed });
        }
        if ((read.next[batch.partition] ?? 0n) >= range.to) {
          done.add(batch.partition);
          consumer.pause([{ topic, partitions: [batch.partition] }]);
        }
        if ([...wanted.keys()].every((partition) => done.has(partition))) finish();
      },
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), REPLAY_TIMEOUT_MS);
    });
    const outcome = await Promise.race([finished, timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') return { tooFar: true };
  } finally {
    await consumer.disconnect().catch(() => {});
  }
  // In log order across partitions, each cursor the one past its event (partitions keep their own order).
  taken.sort((a, b) => comparePositions(a.followed.event.position, b.followed.event.position));
  const next = [...start];
  const events: FollowedEvent[] = [];
  for (const { partition, followed } of taken) {
    while (next.length <= partition) next.push(0n);
    next[partition] = BigInt(followed.mark.split(':')[1] ?? '0') + 1n;
    if (!types || types.includes(followed.event.type)) events.push({ ...followed, cursor: spellOffsets(next) });
  }
  return { tooFar: false, events };
}
