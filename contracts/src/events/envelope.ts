import { type Static, type TSchema, Type } from 'typebox';

export const EventMetadataSchema = Type.Object({
  actorId: Type.Union([Type.String(), Type.Null()]),
  correlationId: Type.String(),
  causationId: Type.Union([Type.String(), Type.Null()]),
  schemaVersion: Type.Integer({ minimum: 1 }),
  /**
   * Set on events an import wrote with their original times (docs/adr/0094-importing-a-community.md): they
   * build read models like any other, but nothing that reacts to a new act (mail, inbox, badge and reputation
   * rules) answers them again.
   */
  imported: Type.Optional(Type.Literal(true)),
});
export type EventMetadata = Static<typeof EventMetadataSchema>;

/** What travels between services: one fact about one stream (DESIGN §3). */
export const EventEnvelopeSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  type: Type.String({ minLength: 1 }),
  streamId: Type.String({ minLength: 1 }),
  version: Type.Integer({ minimum: 1 }),
  occurredAt: Type.String(),
  data: Type.Unknown(),
  metadata: EventMetadataSchema,
});

export interface EventEnvelope<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  streamId: string;
  version: number;
  occurredAt: string;
  data: Data;
  metadata: EventMetadata;
}

/** A new event as a decider emits it: the store adds id, stream, version and time. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** One event type and the schema of its `data` at its current schema version. */
export interface EventDefinition<T extends string = string, S extends TSchema = TSchema> {
  type: T;
  schemaVersion: number;
  data: S;
  /** Turns `data` of an older schema version into the current shape. */
  upcast?: (data: unknown, fromVersion: number) => unknown;
}

export function defineEvent<T extends string, S extends TSchema>(
  type: T,
  data: S,
  options: { schemaVersion?: number; upcast?: (data: unknown, fromVersion: number) => unknown } = {},
): EventDefinition<T, S> {
  return {
    type,
    data,
    schemaVersion: options.schemaVersion ?? 1,
    ...(options.upcast ? { upcast: options.upcast } : {}),
  };
}

/** Whether an event came in by an import: its acts happened elsewhere, long ago, and are not reacted to again. */
export const isImported = (event: { metadata: EventMetadata }) => event.metadata.imported === true;

/** The `data` of an event type, as its schema describes it (consumers validate what they read). */
export type DataOf<D extends EventDefinition> = Static<D['data']>;

export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? NewEvent<T, Static<S>> : never;
