import { describe, expect, it } from 'vitest';
import { markOf, offsetsOfCursor, spellOffsets, topicCursorOrder } from '../../src/bus/kafka/topic-cursors';
import { cursorOfPosition, logCursorOrder, positionOfCursor } from '../../src/bus/postgres/log-cursors';

describe("the buses' cursors (docs/adr/0099-live-pages.md)", () => {
  it('PostgreSQL: a position in the one order of the log', () => {
    const at = { transactionId: '10', globalPosition: '9' };
    expect(cursorOfPosition(at)).toBe('10:9');
    expect(positionOfCursor('10:9')).toEqual(at);
    expect(logCursorOrder.valid('10:9')).toBe(true);
    for (const bad of ['10', '10:9:8', 'a:1', '', '1,2']) expect(logCursorOrder.valid(bad)).toBe(false);
    // Transactions first, then positions, compared as numbers.
    expect(logCursorOrder.isAfter('10:9', '9:100')).toBe(true);
    expect(logCursorOrder.isAfter('10:9', '10:9')).toBe(false);
    expect(logCursorOrder.isAfter('10:10', '10:9')).toBe(true);
    expect(logCursorOrder.reaches('10:9', '10:9')).toBe(true);
    expect(logCursorOrder.reaches('9:100', '10:9')).toBe(false);
  });

  it('Kafka: each partition its own order', () => {
    expect(spellOffsets([3n, 0n, 12n])).toBe('3,0,12');
    expect(offsetsOfCursor('3,0,12')).toEqual([3n, 0n, 12n]);
    expect(topicCursorOrder.valid('3,0,12')).toBe(true);
    expect(topicCursorOrder.valid('3:0')).toBe(false);
    // A message is after a cursor when its offset is at or past its partition's next one.
    expect(topicCursorOrder.isAfter(markOf(2, 12n), '3,0,12')).toBe(true);
    expect(topicCursorOrder.isAfter(markOf(2, 11n), '3,0,12')).toBe(false);
    expect(topicCursorOrder.isAfter(markOf(5, 0n), '3,0,12')).toBe(true);
    expect(topicCursorOrder.reaches('3,1,12', '3,0,12')).toBe(true);
    expect(topicCursorOrder.reaches('4,0,11', '3,0,12')).toBe(false);
    expect(topicCursorOrder.reaches('3,0', '3,0,12')).toBe(false);
    expect(topicCursorOrder.reaches('3,0,12', '3,0')).toBe(true);
  });
});
