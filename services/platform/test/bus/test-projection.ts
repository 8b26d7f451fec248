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

/** One row that every application adds 1 to by reading it and writing it back (a count kept per post, say). */
export const TOTAL_TABLE_SQL = sql`create table if not exists applied_total (id integer primary key, n integer not null)`;

/**
 * Records every application, so tests can see duplicates, losses and order; `poison` events always throw.
 * `total`: each application also counts itself in `applied_total`, reading and writing back, `delayMs` apart.
 */
export function recordingProjection(options: { source: string; delayMs?: number; total?: boolean }): Projection {
  return {
    name: 'recorder',
    source: options.source,
    events: [TestAppended],
    async apply(event, tx) {
      if ((event.data as { poison?: boolean }).poison) throw new Error(`poison event ${event.id}`);
      if (options.total) {
        const { rows } = await sql<{ n: number }>`select n from applied_total where id = 1`.execute(tx);
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        await sql`insert into applied_total (id, n) values (1, ${(rows[0]?.n ?? 0) + 1})
                  on conflict (id) do update set n = excluded.n`.execute(tx);
      } else if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      await sql`insert into applied (event_id, stream_id, version)
                values (${event.id}, ${event.streamId}, ${event.version})`.execute(tx);
    },
    async reset(tx) {
      await sql`truncate applied, applied_total`.execute(tx);
    },
  };
}
