import {
  connectDatabase,
  EventStore,
  migrateService,
  rebuildInlineReadModel,
  type ServiceDatabase,
} from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../src/commands/ledger';
import { votesMigrations } from '../src/migrations';
import { ownReadModel } from '../src/projections/own-log';
import { action, play } from './support/ledger-model';

let drop: () => Promise<void>;
let database: ServiceDatabase;
let ledger: Ledger;

beforeAll(async () => {
  const created = await createTestDatabase('votes_ledger');
  drop = created.drop;
  database = connectDatabase({ url: created.url, schema: 'votes', maxConnections: 4 });
  await migrateService(database, votesMigrations);
  ledger = new Ledger(database.db, new EventStore(database.db, 'votes'));
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** The ledger's read model: balances and entries, in a stable order. */
async function readModel() {
  const { rows: reputations } =
    await sql`select user_id, reputation, version from reputations order by user_id`.execute(database.db);
  const { rows: entries } = await sql`
    select entry_id, user_id, object_id, question_id, reason, amount, state, trigger_user_id, granted_at
    from ledger_entries order by entry_id`.execute(database.db);
  return { reputations, entries };
}

describe('the SQL ledger', () => {
  it('decides what the pure ledger decides for any history, and its read model rebuilds from its log', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 10, maxLength: 80, size: 'max' }), async (actions) => {
        await sql`truncate events, reputations, ledger_entries, ledger_objects, ledger_inbox`.execute(database.db);
        const { world } = play(actions);
        for (const inputs of world.inputs) await ledger.run(inputs);

        const { rows: events } = await sql<{ stream_id: string; data: unknown }>`
          select stream_id, data from events order by stream_id, stream_version`.execute(database.db);
        const expected = [...world.changes].sort((a, b) =>
          a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0,
        );
        expect(events.map((e) => e.data)).toEqual(expected);
        expect(events.every((e) => e.stream_id === `reputation-${(e.data as { user_id: string }).user_id}`)).toBe(true);

        const live = await readModel();
        expect(Object.fromEntries(live.reputations.map((r: any) => [r.user_id, r.reputation]))).toEqual(
          Object.fromEntries(world.ledger.reputations),
        );
        expect(live.entries.map((e: any) => [e.entry_id, e.user_id, e.amount, e.state])).toEqual(
          [...world.ledger.entries.values()]
            .sort((a, b) => (a.entryId < b.entryId ? -1 : 1))
            .map((e) => [e.entryId, e.userId, e.amount, e.state]),
        );

        await rebuildInlineReadModel(database, ownReadModel);
        expect(await readModel()).toEqual(live);
      }),
      { numRuns: 12 },
    );
  });

  it('an adjustment is a change like any other, on the user’s ledger stream', async () => {
    await sql`truncate events, reputations, ledger_entries`.execute(database.db);
    const [event] = await ledger.adjust('u-adjusted', 150, 'operator');
    expect(event).toMatchObject({
      type: 'votes.reputation_changed',
      streamId: 'reputation-u-adjusted',
      version: 1,
      data: { user_id: 'u-adjusted', delta: 150, reputation: 150, change: 'adjust', reason: 'adjusted' },
      metadata: { actorId: 'operator' },
    });
    await ledger.adjust('u-adjusted', 1);
    const { rows } = await sql<{ reputation: number; version: number }>`
      select reputation, version from reputations where user_id = 'u-adjusted'`.execute(database.db);
    expect(rows).toEqual([{ reputation: 1, version: 2 }]);
  });
});
