import { EventEnvelopeSchema } from '@agora/contracts';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { StoredEvent } from '../../eventstore/types';

/** The contract's event envelope with where the event sits in its producer's log. */
const StoredEventSchema = Type.Intersect([
  EventEnvelopeSchema,
  Type.Object({
    source: Type.String({ minLength: 1 }),
    position: Type.Object({
      transactionId: Type.String({ pattern: '^\\d+$' }),
      globalPosition: Type.String({ pattern: '^\\d+$' }),
    }),
  }),
]);
const storedEvent = Compile(StoredEventSchema);

/** An event on the wire: the JSON of the StoredEvent, position and source included. */
export function encodeEvent(event: StoredEvent): string {
  return JSON.stringify(event);
}

export class UndecodableMessageError extends Error {
  override readonly name = 'UndecodableMessageError';
}

/** Parses a message value back into a StoredEvent; throws UndecodableMessageError if it is not one. */
export function decodeEvent(raw: string): StoredEvent {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new UndecodableMessageError(`not JSON: ${(error as Error).message}`);
  }
  if (!storedEvent.Check(value)) {
    const first = storedEvent.Errors(value)[0];
    throw new UndecodableMessageError(
      `not a stored event: ${first ? `${first.instancePath || '/'} ${first.message}` : 'invalid'}`,
    );
  }
  return value as StoredEvent;
}
