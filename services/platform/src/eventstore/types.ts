import type { EventEnvelope, EventMetadata, NewEvent } from '@agora/contracts';

/** Where an event sits in its producer's log: ordered by the writing transaction, then by position. */
export interface LogPosition {
  transactionId: string;
  globalPosition: string;
}

export const LOG_START: LogPosition = { transactionId: '0', globalPosition: '0' };

export interface StoredEvent<Type extends string = string, Data = unknown> extends EventEnvelope<Type, Data> {
  /** The producing service (its schema name). */
  source: string;
  position: LogPosition;
}

/** `expectedVersion`: the stream's current version as the command saw it; 0 means a new stream. */
export type ExpectedVersion = number | 'any';

export interface AppendOptions {
  actorId?: string | null;
  correlationId?: string;
  causationId?: string | null;
  schemaVersions?: Record<string, number>;
}

export interface AppendResult {
  nextExpectedVersion: number;
  events: StoredEvent[];
}

export type { EventMetadata, NewEvent };

export function comparePositions(a: LogPosition, b: LogPosition): number {
  const tx = BigInt(a.transactionId) - BigInt(b.transactionId);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const pos = BigInt(a.globalPosition) - BigInt(b.globalPosition);
  return pos === 0n ? 0 : pos < 0n ? -1 : 1;
}
