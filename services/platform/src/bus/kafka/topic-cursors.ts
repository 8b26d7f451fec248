import type { CursorOrder, SourceCursor } from '../port';

const SPELLING = /^\d{1,20}(,\d{1,20}){0,1023}$/;
const MARK = /^\d{1,5}:\d{1,20}$/;

/** Each partition's next offset, partition 0 first, as a Kafka cursor spells them (docs/adr/0099-live-pages.md). */
export function spellOffsets(next: readonly bigint[]): SourceCursor {
  return next.map(String).join(',');
}

export function offsetsOfCursor(cursor: SourceCursor): bigint[] {
  if (!SPELLING.test(cursor)) throw new Error(`not a cursor of Kafka partitions: ${cursor}`);
  return cursor.split(',').map(BigInt);
}

/** Where a message sits: `partition:offset`. */
export const markOf = (partition: number, offset: bigint | string): string => `${partition}:${offset}`;

function parseMark(mark: string): { partition: number; offset: bigint } {
  if (!MARK.test(mark)) throw new Error(`not a mark of a Kafka message: ${mark}`);
  const [partition = '0', offset = '0'] = mark.split(':');
  return { partition: Number(partition), offset: BigInt(offset) };
}

/**
 * Partitions are orders of their own: a message is after a cursor when its offset is at or past its partition's next
 * offset (a partition the cursor does not name, one added since, is read from its start).
 */
export const topicCursorOrder: CursorOrder = {
  valid: (cursor) => SPELLING.test(cursor),
  isAfter(mark, cursor) {
    const { partition, offset } = parseMark(mark);
    return offset >= (offsetsOfCursor(cursor)[partition] ?? 0n);
  },
  reaches(a, b) {
    const ahead = offsetsOfCursor(a);
    return offsetsOfCursor(b).every((next, partition) => (ahead[partition] ?? 0n) >= next);
  },
  earliest(a, b) {
    const [x, y] = [offsetsOfCursor(a), offsetsOfCursor(b)];
    // A partition one of them does not name is read from its start by it.
    const length = Math.min(x.length, y.length);
    return spellOffsets(Array.from({ length }, (_, p) => ((x[p] ?? 0n) < (y[p] ?? 0n) ? (x[p] ?? 0n) : (y[p] ?? 0n))));
  },
};

/**
 * About `events` messages before `until`, spread evenly over the partitions (each partition's share, never before its
 * low watermark): where a replay of the recent past starts.
 */
export function offsetsBefore(
  watermarks: ReadonlyArray<{ partition: number; low: string }>,
  until: SourceCursor,
  events: number,
): SourceCursor {
  const next = offsetsOfCursor(until);
  const share = BigInt(Math.ceil(events / Math.max(1, watermarks.length)));
  for (const { partition, low } of watermarks) {
    const at = next[partition];
    if (at === undefined) continue;
    const back = at - share;
    next[partition] = back > BigInt(low) ? back : BigInt(low);
  }
  return spellOffsets(next);
}
