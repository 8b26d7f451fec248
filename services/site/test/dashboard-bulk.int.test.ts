import { randomUUID } from 'node:crypto';
import {
  AnswerDeleted,
  AnswerPosted,
  CommentAdded,
  ObjectPurged,
  QuestionAsked,
  ReputationChanged,
  VoteCancelled,
  VoteCast,
} from '@agora/contracts';
import {
  connectDatabase,
  migrateService,
  type Projection,
  type ServiceDatabase,
  type StoredEvent,
} from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMigrations } from '../src/migrations';
import { dashboardFromPosts } from '../src/projections/dashboard/from-posts';
import { dashboardFromVotes } from '../src/projections/dashboard/from-votes';

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

/** The events applied one by one in one schema and as a batch in another: what each leaves. */
async function bothWays(projection: Projection, events: StoredEvent[], name: string) {
  const oneByOne = await schema(`${name}_one_by_one`);
  await oneByOne.db.transaction().execute(async (tx) => {
    for (const e of events) await projection.apply(e, tx);
  });
  const inRuns = await schema(`${name}_in_runs`);
  const { applyBatch } = projection;
  expect(applyBatch).toBeDefined();
  await inRuns.db.transaction().execute((tx) => applyBatch?.(events, tx) ?? Promise.resolve());
  return { oneByOne, inRuns };
}

describe("the dashboard's votes counted a run at a time", () => {
  it('leave the tables as applying each event in turn: a vote cast and taken back, taken back first, a purge between', async () => {
    const vote = (type: string, user: string, object: string) =>
      event(type, { user_id: user, object_id: object, object_type: 'question', question_id: object });
    const reputation = (user: string, delta: number) => event(ReputationChanged.type, { user_id: user, delta });
    const change = reputation('u2', 10);
    const events = [
      vote(VoteCast.type, 'u1', 'q1'),
      change,
      vote(VoteCancelled.type, 'u1', 'q1'),
      vote(VoteCancelled.type, 'u3', 'q1'),
      vote(VoteCast.type, 'u1', 'q2'),
      reputation('u2', 0),
      change,
      event(ObjectPurged.type, { object_id: 'q2', object_type: 'question' }),
      vote(VoteCast.type, 'u3', 'q1'),
      vote(VoteCancelled.type, 'u1', 'q1'),
      vote(VoteCast.type, 'u2', 'q3'),
      reputation('u1', -2),
    ];
    const { oneByOne, inRuns } = await bothWays(dashboardFromVotes, events, 'votes');
    const read = async (database: ServiceDatabase) => ({
      votes: (await sql`select * from dashboard_votes order by 1, 2`.execute(database.db)).rows,
      reputation: (await sql`select * from dashboard_reputation order by 1`.execute(database.db)).rows,
    });
    const expected = await read(oneByOne);
    expect(expected.votes).toHaveLength(3);
    expect(expected.reputation).toHaveLength(2);
    expect(await read(inRuns)).toEqual(expected);
  });
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
    const { oneByOne, inRuns } = await bothWays(dashboardFromPosts, events, 'posts');
    const expected = await tables(oneByOne);
    expect(expected.questions).toMatchObject([
      { question_id: 'q1', answer_count: 1 },
      { question_id: 'q2', answer_count: 3 },
    ]);
    expect(await tables(inRuns)).toEqual(expected);
  });
});
