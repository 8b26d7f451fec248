import { defineEvent } from '@agora/contracts';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Projection } from '../../src/projections/projection';

export const TestAppended = defineEvent(
  'test.appended',
  Type.Object({ n: Type.Integer(), poison: Type.Optional(Type.Boolean()) }),
);

export const APPLIED_TABLE_SQL = sql`
  create table if not exists applied (
    seq bigserial primary key,
    event_id text not null,
    stream_id text not null,
    version integer not null
  )`;

/** Records every application, so tests can see duplicates, losses and order; `poison` events always throw. */
export function recordingProjection(options: { source: string; delayMs?: number }): Projection {
  return {
    name: 'recorder',
    source: options.source,
    events: [TestAppended],
    async apply(event, tx) {
      if ((event.data as { poison?: boolean }).poison) throw new Error(`poison event ${event.id}`);
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      await sql`insert into applied (event_id, stream_id, version)
                values (${event.id}, ${event.streamId}, ${event.version})`.execute(tx);
    },
    async reset(tx) {
      await sql`truncate applied`.execute(tx);
    },
  };
}
