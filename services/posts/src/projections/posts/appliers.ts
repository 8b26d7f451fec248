import type { StoredEvent, Tx } from '@agora/platform';

/** A posts event as the store gives it back: its id and time with the aggregate's typed data. */
export type Stored<E> = E & { id: string; occurredAt: string };

/** How an aggregate's events change the posts read models: one function per event type, each in its transaction. */
export type Appliers<E extends { type: string }> = {
  [K in E['type']]: (tx: Tx, event: Stored<Extract<E, { type: K }>>) => Promise<void>;
};

type Applier = (tx: Tx, event: StoredEvent) => Promise<void>;

/** An aggregate's appliers keyed by event type, for the read model's dispatch on a stored event. */
export function byType<E extends { type: string }>(appliers: Appliers<E>): [string, Applier][] {
  return Object.entries<(tx: Tx, event: never) => Promise<void>>(appliers).map(([type, apply]) => [
    type,
    // A stored event of this type has this aggregate's data (validated when it was appended).
    (tx, event) => apply(tx, event as never),
  ]);
}
