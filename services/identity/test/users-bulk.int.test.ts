/**
 * Identity's members a batch at a time (`applyUserEvents`, what an import's members go through:
 * docs/capacity.md §9) leave `users` and `actor_reputation` as applying each event in turn: a reputation already
 * known kept over the registration's, post counts from `member_posts`, profiles updated twice, sign-ins, a role change
 * between (applied one by one) and a profile updated after it for a member registered before the run.
 */
import { Role } from '@agora/contracts';
import type { ServiceDatabase, StoredEvent } from '@agora/platform';
import { deliveredEvent, profileUpdatedEvent, registeredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { identityMigrations } from '../src/migrations';
import { applyUserEvent, applyUserEvents } from '../src/projections/users/read-model';

const schema = serviceSchemas('users_bulk', identityMigrations);

const login = (user: string) => deliveredEvent('identity', 'identity.user_logged_in', user, { user_id: user });
const roleChanged = (user: string) =>
  deliveredEvent('identity', 'identity.role_changed', user, { user_id: user, role_id: Role.moderator });

async function applied(events: StoredEvent[], name: string, inBatch: boolean) {
  const database = await schema(name);
  await sql`insert into actor_reputation (user_id, rank, version) values ('u3', 50, 4)`.execute(database.db);
  await sql`insert into member_posts (post_id, user_id, kind, live)
            values ('p1', 'u2', 'question', true), ('p2', 'u2', 'answer', true), ('p3', 'u2', 'answer', false)`.execute(
    database.db,
  );
  await database.db.transaction().execute(async (tx) => {
    if (inBatch) await applyUserEvents(tx, events);
    else for (const event of events) await applyUserEvent(tx, event);
  });
  return database;
}

const read = async (database: ServiceDatabase) => ({
  users: (
    await sql<
      Record<string, unknown>
    >`select user_id, username, display_name, email, role_id, rank, question_count, answer_count, avatar, bio,
                     bio_html, website, location, last_login_at, created_at, changed_at
              from users order by 1`.execute(database.db)
  ).rows,
  reputations: (await sql`select * from actor_reputation order by 1`.execute(database.db)).rows,
});

describe("identity's members a batch at a time", () => {
  it('leave users and reputations as applying each event in turn', async () => {
    const events = [
      registeredEvent('u0'),
      roleChanged('u0'),
      profileUpdatedEvent('u0', 'zero'),
      registeredEvent('u1'),
      profileUpdatedEvent('u1', 'first'),
      login('u1'),
      registeredEvent('u2', 7),
      profileUpdatedEvent('u1', 'second'),
      registeredEvent('u3'),
      login('u2'),
    ];
    const expected = await read(await applied(events, 'one_by_one', false));
    expect(
      expected.users.map((u) => [u.user_id, u.username, u.role_id, u.rank, u.question_count, u.answer_count, u.bio]),
    ).toEqual([
      ['u0', 'zero', Role.moderator, 1, 0, 0, 'zero'],
      ['u1', 'second', Role.user, 1, 0, 0, 'second'],
      ['u2', 'u2', Role.user, 7, 1, 1, ''],
      ['u3', 'u3', Role.user, 50, 0, 0, ''],
    ]);
    expect(await read(await applied(events, 'in_batch', true))).toEqual(expected);
  });
});
