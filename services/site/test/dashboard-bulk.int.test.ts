import { randomUUID } from 'node:crypto';
import { AnswerDeleted, AnswerPosted, CommentAdded, QuestionAsked } from '@agora/contracts';
import { connectDatabase, migrateService, type ServiceDatabase, type StoredEvent } from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMigrations } from '../src/migrations';
import { dashboardFromPosts } from '../src/projections/dashboard/from-posts';

let drop: () => Promise<void>;
let url: string;
const databases: ServiceDatabase[] = [];

/** Site's tables in a schema of their own. */
async function schema(name: string): Promise<ServiceDatabase> {
  const database = connectDatabase({ url, schema: name });
  databases.push(database);
  await migrateService(database, siteMigrations);
  return database;
}

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase('dashboard_bulk'));
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
    streamId: String(data.question_id ?? data.answer_id ?? data.comment_id),
    version: n,
    occurredAt: new Date(Date.UTC(2026, 10, 1, 0, 0, n)).toISOString(),
    data,
    metadata: {} as StoredEvent['metadata'],
    source: 'posts',
    position: { transactionId: String(n), globalPosition: String(n) } as unknown as StoredEvent['position'],
  };
}

const tables = async (database: ServiceDatabase) => ({
  questions: (
    await sql`select question_id, asked_at, answer_count, deleted from dashboard_questions order by 1`.execute(
      database.db,
    )
  ).rows,
  answers: (await sql`select * from dashboard_answers order by 1`.execute(database.db)).rows,
  comments: (await sql`select * from dashboard_comments order by 1`.execute(database.db)).rows,
});

describe("the dashboard's posts counted a run at a time", () => {
  it('leaves the tables as applying each event in turn: answers before their question, replays, a deletion between', async () => {
    const asked = (q: string) => event(QuestionAsked.type, { question_id: q, user_id: 'u1' });
    const posted = (a: string, q: string) => event(AnswerPosted.type, { answer_id: a, question_id: q, user_id: 'u2' });
    const q1 = asked('q1');
    const a1 = posted('a1', 'q1');
    const events = [
      q1,
      a1,
      posted('a2', 'q2'),
      asked('q2'),
      posted('a3', 'q2'),
      a1,
      q1,
      event(CommentAdded.type, { comment_id: 'c1', object_id: 'q1', question_id: 'q1' }),
      event(AnswerDeleted.type, { answer_id: 'a3', question_id: 'q2' }),
      posted('a4', 'q2'),
      posted('a5', 'q2'),
      event(CommentAdded.type, { comment_id: 'c1', object_id: 'q1', question_id: 'q1' }),
    ];
    const oneByOne = await schema('one_by_one');
    await oneByOne.db.transaction().execute(async (tx) => {
      for (const e of events) await dashboardFromPosts.apply(e, tx);
    });
    const inRuns = await schema('in_runs');
    const { applyBatch } = dashboardFromPosts;
    expect(applyBatch).toBeDefined();
    await inRuns.db.transaction().execute((tx) => applyBatch?.(events, tx) ?? Promise.resolve());

    const expected = await tables(oneByOne);
    expect(expected.questions).toMatchObject([
      { question_id: 'q1', answer_count: 1 },
      { question_id: 'q2', answer_count: 3 },
    ]);
    expect(await tables(inRuns)).toEqual(expected);
  });
});
