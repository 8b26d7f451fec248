/**
 * Every service's copies of members (`actors`, `actor_reputation`) a batch at a time — an import's members and
 * reputations replayed through nine services (docs/capacity.md §9) — leave the rows as applying each event in turn:
 * registrations with a reputation already known, profiles updated twice, events passed over, a role change between
 * (one by one), and reputations arriving out of order or already recorded at a later version.
 */
import { ReputationChanged, Role, RoleChanged, UserLoggedIn } from '@agora/contracts';
import type { ServiceDatabase } from '@agora/platform';
import {
  appliedBothWays,
  deliveredEvent,
  profileUpdatedEvent,
  registeredEvent,
  serviceSchemas,
} from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { actorProjection, actorReputationProjection } from '../src/auth/actor-projection';
import { platformMigrations } from '../src/migrations';

/** A member whose reputation the ledger recorded before their registration arrives here. */
async function seed(database: ServiceDatabase) {
  await sql`insert into actor_reputation (user_id, rank, version) values ('u3', 40, 6)`.execute(database.db);
}
const schema = serviceSchemas('actors_bulk', platformMigrations, seed);

const reputation = (user: string, value: number, version: number) =>
  deliveredEvent(
    'votes',
    ReputationChanged.type,
    `reputation:${user}`,
    { user_id: user, reputation: value, delta: 1 },
    version,
  );

const actors = async (database: ServiceDatabase) => ({
  actors: (
    await sql<
      Record<string, unknown>
    >`select user_id, username, display_name, avatar, role_id, rank, changed_at from actors order by 1`.execute(
      database.db,
    )
  ).rows,
  reputations: (await sql`select * from actor_reputation order by 1`.execute(database.db)).rows,
});

describe('actors a batch at a time', () => {
  it('leave actors and reputations as applying each identity event in turn', async () => {
    const events = [
      registeredEvent('u1'),
      profileUpdatedEvent('u1', 'first'),
      deliveredEvent('identity', UserLoggedIn.type, 'u1', { user_id: 'u1' }),
      registeredEvent('u2', 5),
      deliveredEvent('identity', RoleChanged.type, 'u1', { user_id: 'u1', role_id: Role.moderator }),
      profileUpdatedEvent('u1', 'second'),
      registeredEvent('u3'),
      registeredEvent('u1'),
      profileUpdatedEvent('u2', 'fourth'),
      // Dated before the one it follows (a clock set back): the later name, the later time.
      { ...profileUpdatedEvent('u2', 'third'), occurredAt: '2020-01-01T00:00:00.000Z' },
    ];
    const { oneByOne, inBatch } = await appliedBothWays(actorProjection, events, schema, 'actors');
    const expected = await actors(oneByOne);
    expect(expected.actors.map((a) => [a.user_id, a.username, a.role_id, a.rank])).toEqual([
      ['u1', 'second', Role.moderator, 1],
      ['u2', 'third', Role.user, 5],
      ['u3', 'u3', Role.user, 40],
    ]);
    expect(await actors(inBatch)).toEqual(expected);
  });

  it('leave ranks as applying each reputation change in turn, late and stale ones included', async () => {
    const setUp = [registeredEvent('u1'), registeredEvent('u2'), registeredEvent('u3')];
    const events = [
      reputation('u1', 10, 1),
      reputation('u1', 25, 3),
      reputation('u1', 20, 2),
      reputation('u2', 7, 1),
      reputation('u3', 99, 5),
      reputation('u4', 3, 1),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(
      actorReputationProjection,
      events,
      async (name) => {
        const database = await schema(name);
        await database.db.transaction().execute(async (tx) => {
          for (const event of setUp) await actorProjection.apply(event, tx);
        });
        return database;
      },
      'reputation',
    );
    const expected = await actors(oneByOne);
    expect(expected.actors.map((a) => [a.user_id, a.rank])).toEqual([
      ['u1', 25],
      ['u2', 7],
      ['u3', 40],
    ]);
    expect(await actors(inBatch)).toEqual(expected);
  });
});
