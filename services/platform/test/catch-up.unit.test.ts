import { describe, expect, it } from 'vitest';
import { laterPosition } from '../src/bus/checkpoints';
import { laterOffsets, offsetsMoved, offsetsReached, partitionOfKey } from '../src/bus/kafka/partitions';
import { Progress } from '../src/bus/progress';
import { comparePositions, LOG_START, type LogPosition } from '../src/eventstore/types';

const at = (transactionId: string, globalPosition: string): LogPosition => ({ transactionId, globalPosition });
const reaches = (target: LogPosition) => (position: LogPosition) => comparePositions(position, target) >= 0;

describe('catching up (docs/adr/0044-catching-up.md)', () => {
  it('a log position only moves forward, ordered by transaction first', () => {
    expect(laterPosition(at('10', '5'), at('9', '7'))).toEqual(at('10', '5'));
    expect(laterPosition(at('9', '7'), at('10', '5'))).toEqual(at('10', '5'));
    expect(laterPosition(at('10', '8'), at('10', '5'))).toEqual(at('10', '8'));
    const progress = new Progress<LogPosition>(LOG_START, laterPosition);
    progress.advance(at('12', '40'));
    progress.advance(at('11', '90'));
    expect(progress.position).toEqual(at('12', '40'));
  });

  it('answers at once when the target is reached already', async () => {
    const progress = new Progress<LogPosition>(at('5', '5'), laterPosition);
    const started = Date.now();
    expect(await progress.until(reaches(at('5', '5')), 10_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('is woken by the commit that reaches the target, not before', async () => {
    const progress = new Progress<LogPosition>(LOG_START, laterPosition);
    let settled = false;
    const waiting = progress.until(reaches(at('7', '3')), 10_000).then((reached) => {
      settled = true;
      return reached;
    });
    progress.advance(at('6', '99'));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    progress.advance(at('7', '3'));
    expect(await waiting).toBe(true);
  });

  it('gives up after its timeout when nothing reaches the target', async () => {
    const progress = new Progress<LogPosition>(LOG_START, laterPosition);
    expect(await progress.until(reaches(at('7', '3')), 30)).toBe(false);
  });

  it('looks at the store between commits (another replica may be the one reading)', async () => {
    const progress = new Progress<LogPosition>(LOG_START, laterPosition);
    let reads = 0;
    const reached = await progress.until(reaches(at('3', '1')), 5_000, {
      everyMs: 5,
      read: async () => (++reads >= 3 ? at('3', '1') : LOG_START),
    });
    expect([reached, reads]).toEqual([true, 3]);
  });

  it('keeps waiting through a store that cannot be read, bounded by the timeout', async () => {
    const progress = new Progress<LogPosition>(LOG_START, laterPosition);
    const reached = await progress.until(reaches(at('3', '1')), 40, {
      everyMs: 5,
      read: async () => {
        throw new Error('database unreachable');
      },
    });
    expect(reached).toBe(false);
  });

  it('with a whole bound, waits on while the reader moves, and gives up once it stops moving', async () => {
    const progress = new Progress<LogPosition>(LOG_START, laterPosition);
    // The reader applies a batch every 60 ms and reaches the target after ~600 ms: ten times the stall bound.
    let batch = 0;
    const reader = setInterval(() => progress.advance(at(String(++batch), '1')), 60);
    const started = Date.now();
    expect(await progress.until(reaches(at('10', '1')), 150, undefined, 5_000)).toBe(true);
    expect(Date.now() - started).toBeGreaterThan(400);
    clearInterval(reader);
    // Stopped: given up one stall bound after its last move, long before the whole bound.
    const stalled = Date.now();
    expect(await progress.until(reaches(at('99', '1')), 150, undefined, 5_000)).toBe(false);
    expect(Date.now() - stalled).toBeLessThan(1_000);
    // Without a whole bound, the timeout is the whole wait, moving or not.
    const moving = setInterval(() => progress.advance(at(String(++batch), '1')), 30);
    const bounded = Date.now();
    expect(await progress.until(reaches(at('9999', '1')), 200)).toBe(false);
    expect(Date.now() - bounded).toBeLessThan(1_000);
    clearInterval(moving);
  });

  it('with a whole bound, gives up at that bound even while the reader moves', async () => {
    const progress = new Progress<LogPosition>(LOG_START, laterPosition);
    let batch = 0;
    const reader = setInterval(() => progress.advance(at(String(++batch), '1')), 20);
    const started = Date.now();
    expect(await progress.until(reaches(at('999999', '1')), 100, undefined, 400)).toBe(false);
    clearInterval(reader);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('Kafka offsets: a move is a partition further on', () => {
    expect(offsetsMoved(new Map([[0, 5n]]), new Map([[0, 6n]]))).toBe(true);
    expect(offsetsMoved(new Map([[0, 5n]]), new Map([[0, 5n]]))).toBe(false);
    expect(
      offsetsMoved(
        new Map([[0, 5n]]),
        new Map([
          [0, 5n],
          [1, 0n],
        ]),
      ),
    ).toBe(true);
  });

  it('Kafka offsets: per partition the further one; reached when every target partition is', () => {
    const merged = laterOffsets(
      new Map([
        [0, 5n],
        [1, 9n],
      ]),
      new Map([
        [1, 7n],
        [2, 3n],
      ]),
    );
    expect([...merged].sort()).toEqual([
      [0, 5n],
      [1, 9n],
      [2, 3n],
    ]);
    expect(offsetsReached(merged, new Map([[1, 9n]]))).toBe(true);
    expect(offsetsReached(merged, new Map([[0, 6n]]))).toBe(false);
    expect(offsetsReached(merged, new Map([[3, 1n]]))).toBe(false);
    expect(offsetsReached(merged, new Map())).toBe(true);
  });

  it('a stream goes to the partition the relay sends its key to: the same every time, within range', () => {
    const seen = new Set<number>();
    for (let n = 0; n < 200; n++) {
      const partition = partitionOfKey(`1030000000000000000${n}`, 8);
      expect(partition).toBe(partitionOfKey(`1030000000000000000${n}`, 8));
      expect(partition).toBeGreaterThanOrEqual(0);
      expect(partition).toBeLessThan(8);
      seen.add(partition);
    }
    expect(seen.size).toBe(8);
  });
});
