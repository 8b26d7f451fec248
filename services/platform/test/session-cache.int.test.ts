import { createTestDatabase } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorReputationProjection, ProjectedActorSource } from '../src/auth/actor-projection';
import { PostgresEventBus } from '../src/bus/postgres/postgres-bus';
import { ChangeFeed } from '../src/db/change-feed';
import { connectDatabase, type ServiceDatabase } from '../src/db/database';
import { migrateService } from '../src/db/migrate';
import { EventStore } from '../src/eventstore/event-store';
import { ProjectionRunner } from '../src/projections/runner';

const log = pino({ level: 'silent' });

describe('the session check, cached per user', () => {
  let drop: () => Promise<void>;
  let url: string;
  let database: ServiceDatabase;
  let feed: ChangeFeed;
  let source: ProjectedActorSource;
  const rankOf = async (userId: string) => (await source.lookup(userId, `session-${userId}`, Date.now())).actor?.rank;

  /** Writes without announcing (as if a notification were lost): only a reload can show it. */
  const writeSilently = (statement: ReturnType<typeof sql>) =>
    database.db.connection().execute(async (connection) => {
      await sql`set session_replication_role = replica`.execute(connection);
      await statement.execute(connection);
      await sql`set session_replication_role = origin`.execute(connection);
    });

  beforeAll(async () => {
    const created = await createTestDatabase('session_cache');
    drop = created.drop;
    url = created.url;
    database = connectDatabase({ url: created.url, schema: 'svc' });
    await migrateService(database, {});
    for (const id of ['ada', 'bob']) {
      await sql`insert into actors (user_id, username, display_name, role_id, status, mail_status, rank, changed_at)
                values (${id}, ${id}, ${id}, 1, 'normal', 1, 1, now())`.execute(database.db);
    }
    feed = new ChangeFeed({ url: created.url, schema: 'svc', log, retryMs: 20 });
    await feed.start();
    source = new ProjectedActorSource(database.db, feed);
  });

  afterAll(async () => {
    await feed?.stop();
    await database?.close();
    await drop?.();
  });

  it("reloads only the user whose row changed: another member's rank change leaves everyone else's entry", async () => {
    expect(await rankOf('ada')).toBe(1);
    expect(await rankOf('bob')).toBe(1);
    // Bob's row changes unannounced: his cached entry now differs from the table.
    await writeSilently(sql`update actors set rank = 50 where user_id = 'bob'`);
    // Ada's rank changes, announced: her entry is reloaded...
    await sql`update actors set rank = 11 where user_id = 'ada'`.execute(database.db);
    await eventually(async () => (await rankOf('ada')) === 11);
    // ...and Bob's is kept (a change of the whole topic would have reloaded it and shown 50).
    expect(await rankOf('bob')).toBe(1);
  });

  it('reloads a user when one of their sessions is revoked, and everyone when a table is emptied', async () => {
    await sql`insert into revoked_sessions (session_id, user_id, revoked_at) values ('session-ada', 'ada', now())`.execute(
      database.db,
    );
    await eventually(async () => (await source.lookup('ada', 'session-ada', Date.now())).revoked);
    expect(await rankOf('bob')).toBe(1);
    await sql`truncate revoked_sessions`.execute(database.db);
    await eventually(async () => (await rankOf('bob')) === 50);
    expect((await source.lookup('ada', 'session-ada', Date.now())).revoked).toBe(false);
  });

  it("evicts at once on its own process's projection commits, before any announcement could arrive", async () => {
    const votes = connectDatabase({ url, schema: 'votes', maxConnections: 2 });
    await migrateService(votes, {});
    const bus = new PostgresEventBus({ databaseUrl: url, log });
    const runner = new ProjectionRunner({
      bus,
      database,
      log,
      projections: [actorReputationProjection],
      onKeysCommitted: (topic, keys) => feed.changedKeys(topic, keys),
    });
    await runner.start();
    try {
      expect(await rankOf('ada')).toBe(11);
      // Only this process's own notice can evict Ada now.
      await sql`alter table actors disable trigger actors_announce_key`.execute(database.db);
      await new EventStore(votes.db, 'votes').append('reputation-ada', 0, [
        {
          type: 'votes.reputation_changed',
          data: {
            user_id: 'ada',
            delta: 10,
            reputation: 21,
            reason: 'question.voted_up',
            change: 'grant',
            entry_id: 'entry-1',
            entry_amount: 10,
            entry_state: 'active',
            object_id: 'question-1',
            question_id: 'question-1',
            trigger_user_id: 'bob',
            at: new Date().toISOString(),
          },
        },
      ]);
      await runner.waitForCatchUp(5000);
      expect(await rankOf('ada')).toBe(21);
    } finally {
      await sql`alter table actors enable trigger actors_announce_key`.execute(database.db);
      await runner.stop();
      await bus.close();
      await votes.close();
    }
  });

  it('caches nothing while changes cannot be heard', async () => {
    await feed.stop();
    await writeSilently(sql`update actors set rank = 70 where user_id = 'bob'`);
    expect(await rankOf('bob')).toBe(70);
  });
});
