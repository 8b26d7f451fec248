import { randomUUID } from 'node:crypto';
import { AnswerPosted, QuestionAsked, QuestionDeleted } from '@agora/contracts';
import { connectDatabase, migrateService, type ServiceDatabase, type StoredEvent } from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMigrations } from '../src/migrations';
import { memberPostsProjection } from '../src/projections/member-posts/projection';

let drop: () => Promise<void>;
let url: string;
const databases: ServiceDatabase[] = [];

/** Identity's tables in a schema of their own, with two members. */
async function schema(name: string): Promise<ServiceDatabase> {
  const database = connectDatabase({ url, schema: name });
  databases.push(database);
  await migrateService(database, identityMigrations);
  for (const id of ['u1', 'u2']) {
    await sql`insert into users (user_id, username, display_name, email, role_id, mail_status, created_at, changed_at)
              values (${id}, ${id}, ${id}, ${`${id}@example.com`}, 1, 1, now(), now())`.execute(database.db);
  }
  return database;
}

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase('member_posts_bulk'));
});
afterAll(async () => {
  await Promise.all(databases.map((d) => d.close()));
  await drop?.();
});

let n = 0;
function event(type: string, data: Record<string, unknown>): StoredEvent {
  n += 1;
  return {
    id: randomUUID(),
    type,
    streamId: String(data.question_id),
    version: n,
    occurredAt: new Date().toISOString(),
    data,
    metadata: {} as StoredEvent['metadata'],
    source: 'posts',
    position: { transactionId: String(n), globalPosition: String(n) } as unknown as StoredEvent['position'],
  };
}

const figures = async (database: ServiceDatabase) => ({
  users: (await sql`select user_id, question_count, answer_count from users order by 1`.execute(database.db)).rows,
  posts: (await sql`select post_id, user_id, kind, live from member_posts order by 1`.execute(database.db)).rows,
});

describe("members' post counts applied a run at a time", () => {
  it('leave the figures as applying each event in turn: several posts of one member, replays, a deletion between', async () => {
    const asked = (q: string, user: string) => event(QuestionAsked.type, { question_id: q, user_id: user });
    const posted = (a: string, q: string, user: string) =>
      event(AnswerPosted.type, { answer_id: a, question_id: q, user_id: user });
    const q1 = asked('q1', 'u1');
    const events = [
      q1,
      asked('q2', 'u1'),
      posted('a1', 'q1', 'u2'),
      posted('a2', 'q2', 'u2'),
      q1,
      posted('a3', 'q1', 'u1'),
      event(QuestionDeleted.type, { question_id: 'q2' }),
      asked('q3', 'u2'),
      posted('a2', 'q2', 'u2'),
    ];
    const oneByOne = await schema('one_by_one');
    await oneByOne.db.transaction().execute(async (tx) => {
      for (const e of events) await memberPostsProjection.apply(e, tx);
    });
    const inRuns = await schema('in_runs');
    const { applyBatch } = memberPostsProjection;
    expect(applyBatch).toBeDefined();
    await inRuns.db.transaction().execute((tx) => applyBatch?.(events, tx) ?? Promise.resolve());

    const expected = await figures(oneByOne);
    expect(expected.users).toEqual([
      { user_id: 'u1', question_count: 1, answer_count: 1 },
      { user_id: 'u2', question_count: 1, answer_count: 2 },
    ]);
    expect(await figures(inRuns)).toEqual(expected);
  });
});
