import type { StoredEvent } from '../../eventstore/types';

/** An event on the wire: the JSON of the StoredEvent, position and source included. */
export function encodeEvent(event: StoredEvent): string {
  return JSON.stringify(event);
}

export class UndecodableMessageError extends Error {
  override readonly name = 'UndecodableMessageError';
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Parses a message value back into a StoredEvent; throws UndecodableMessageError if it is not one. */
export function decodeEvent(raw: string): StoredEvent {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new UndecodableMessageError(`not JSON: ${(error as Error).message}`);
  }
  const e = value as Partial<StoredEvent> | null;
  if (
    !e ||
    typeof e !== 'object' ||
    !isString(e.id) ||
    !isString(e.type) ||
    !isString(e.streamId) ||
    !Number.isInteger(e.version) ||
    !isString(e.source) ||
    !e.position ||
    !/^\d+$/.test(String(e.position.transactionId)) ||
    !/^\d+$/.test(String(e.position.globalPosition))
  ) {
    throw new UndecodableMessageError('not a stored event (id, type, streamId, version, source, position)');
  }
  return {
    ...(e as StoredEvent),
    position: { transactionId: String(e.position.transactionId), globalPosition: String(e.position.globalPosition) },
  };
}
