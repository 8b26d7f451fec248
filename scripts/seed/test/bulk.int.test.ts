import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendPostsInBulk, rebuildPostsReadModel } from '../bulk';
import { type SeedCounts, type SeedUser, seedPosts, seedUsers } from '../generate';
import { TOPICS } from '../vocabulary';

const SEED = 7;
const BULK = 40;
let stack: Stack;
let users: SeedUser[];
let bootstrap: SeedCounts;
let bulk: SeedCounts;
const bulkQuestions = new Map<string, number>();

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  const posts = stack.service('posts');
  ({ users } = await seedUsers(stack.service('identity'), { seed: SEED, count: 8 }));
  await stack.settle();
  const options = { seed: SEED, answersPerQuestion: 2, commentsPerPost: 0, workers: 2 };
  bootstrap = (await seedPosts(posts, users, { ...options, questions: TOPICS.length })).counts;
  bulk = (
    await appendPostsInBulk(posts, users, {
      ...options,
      first: TOPICS.length,
      questions: BULK,
      batch: 7,
      onQuestion: (_index, id, answers) => bulkQuestions.set(id, answers),
    })
  ).counts;
});

afterAll(async () => {
  await stack?.close();
});

async function readModel() {
  return {
    questions: await stack.query('select * from posts.questions order by id'),
    question_tags: await stack.query('select * from posts.question_tags order by question_id, tag_slug'),
    answers: await stack.query('select * from posts.answers order by id'),
    revisions: await stack.query('select * from posts.revisions order by id'),
    activity: await stack.query(
      'select event_id, object_id, original_object_id, activity_type, user_id, revision_id, comment, cancelled, created_at from posts.activity order by event_id',
    ),
  };
}

describe('bulk seeding', () => {
  it('appends what the commands would and builds the read model from it', async () => {
    expect(bulk.questions).toBe(BULK);
    expect(bulk.answers).toBe(BULK * 2);
    expect(bulk.accepted).toBeGreaterThan(0);
    const [counted] = await stack.query(
      `select count(*)::int as questions, coalesce(sum(answer_count), 0)::int as answers,
              count(accepted_answer_id)::int as accepted from posts.questions`,
    );
    expect(counted).toEqual({
      questions: bootstrap.questions + bulk.questions,
      answers: bootstrap.answers + bulk.answers,
      accepted: bootstrap.accepted + bulk.accepted,
    });
    for (const [id, answers] of bulkQuestions) {
      const [row] = await stack.query('select answer_count from posts.questions where id = $1', [id]);
      expect(row.answer_count).toBe(answers);
    }
  });

  it('appends a question, its answers and then its accept, in the order the commands run them', async () => {
    const accepted = await stack.query(
      `select q.id, q.accepted_answer_id, a.accepted from posts.questions q
       join posts.answers a on a.id = q.accepted_answer_id where q.id = any($1)`,
      [[...bulkQuestions.keys()]],
    );
    expect(accepted.length).toBe(bulk.accepted);
    // Applied after the answers it names, or the answer row would not carry the flag.
    for (const row of accepted) expect(row.accepted).toBe(true);
    const [question] = accepted;
    const stream = await stack.query('select type, stream_version from posts.events where stream_id = $1 order by 2', [
      question.id,
    ]);
    expect(stream).toEqual([
      { type: 'posts.question_asked', stream_version: 1 },
      { type: 'posts.answer_accepted', stream_version: 2 },
    ]);
    const [order] = await stack.query(
      `select (select global_position from posts.events where stream_id = $1 and stream_version = 2) >
              (select max(global_position) from posts.events e join posts.answers a on a.id = e.stream_id
               where a.question_id = $1) as accept_last`,
      [question.id],
    );
    expect(order.accept_last).toBe(true);
  });

  it('serves the bulk questions through the API', async () => {
    const [id, answers] = [...bulkQuestions.entries()].find(([, n]) => n > 0)!;
    const page = await stack.call('GET', `/answer/api/v1/answer/page?question_id=${id}&page=1&page_size=999`);
    expect(page.body.data.count).toBe(answers);
    const list = await stack.call('GET', '/answer/api/v1/question/page?order=newest&page=1&page_size=100');
    expect(list.body.data.count).toBe(bootstrap.questions + bulk.questions);
  });

  it('projects exactly what a replay of the log builds', async () => {
    const live = await readModel();
    expect(live.questions.length).toBe(bootstrap.questions + bulk.questions);
    const replayed = await rebuildPostsReadModel(stack.service('posts'));
    expect(replayed.events).toBeGreaterThan(bulk.commands);
    expect(await readModel()).toEqual(live);
  });
});
