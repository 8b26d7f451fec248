import { comparePositions, type LogPosition } from '../../eventstore/types';
import type { CursorOrder, SourceCursor } from '../port';

const SPELLING = /^\d{1,20}:\d{1,20}$/;

/** A position of the PostgreSQL log as a cursor: `txid:global_position` (docs/adr/0099-live-pages.md). */
export function cursorOfPosition(position: LogPosition): SourceCursor {
  return `${position.transactionId}:${position.globalPosition}`;
}

export function positionOfCursor(cursor: SourceCursor): LogPosition {
  if (!SPELLING.test(cursor)) throw new Error(`not a position of the PostgreSQL log: ${cursor}`);
  const [transactionId = '0', globalPosition = '0'] = cursor.split(':');
  return { transactionId, globalPosition };
}

/** The log is one order: an event's mark is its position, and the cursor after it the same. */
export const logCursorOrder: CursorOrder = {
  valid: (cursor) => SPELLING.test(cursor),
  isAfter: (mark, cursor) => comparePositions(positionOfCursor(mark), positionOfCursor(cursor)) > 0,
  reaches: (a, b) => comparePositions(positionOfCursor(a), positionOfCursor(b)) >= 0,
  earliest: (a, b) => (comparePositions(positionOfCursor(a), positionOfCursor(b)) <= 0 ? a : b),
};
