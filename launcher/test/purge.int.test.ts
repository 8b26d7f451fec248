/**
 * The admin's permanent delete (`DELETE {admin}/delete/permanently`, issue 22) through the gateway, with every
 * service on real PostgreSQL: soft-deleted questions, answers and members are purged from every read model and
 * every route that would show them, what was not deleted stays, the event store keeps ids but no text or personal
 * data of them, and rebuilding the read models from zero brings none of them back
 * (docs/adr/0078-purging-in-an-event-sourced-system.md).
 */
import { Role } from '@agora/contracts';
import { rebuildInlineReadModel } from '@agora/platform';
import { postsReadModel } from '@agora/posts';
import { searchFor } from '@agora/search';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { ownReadModel as votesOwnReadModel } from '@agora/votes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICES } from '../src/services';

const API = '/answer/api/v1';
const ADMIN = '/answer/admin/api';
const PURGE = `${ADMIN}/delete/permanently`;
/** Words only the purged posts and member carry: none may be found anywhere afterwards. */
const GONE_WORDS = ['zanzibarpurge', 'quokkapurge', 'wombatpurge', 'Quinella Purgeworthy'];

let stack: Stack;
let admin: TestUser;
let member: TestUser;
let voter: TestUser;
let other: TestUser;
const tokens: Record<string, string> = {};
const ids = {
  purgedQuestion: '',
  answerUnderPurged: '',
  commentOnPurged: '',
  keptQuestion: '',
  purgedAnswer: '',
  keptAnswer: '',
  commentOnPurgedAnswer: '',
};

async function call(method: string, url: string, token?: string, body?: unknown) {
  return stack.call(method, url, { token, body });
}

async function ok(method: string, url: string, token?: string, body?: unknown) {
  const response = await call(method, url, token, body);
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
}

async function settled() {
  await stack.settle();
  await searchFor(stack.service('search')).runningFeeder?.drain();
}

/** Every text-like column of every service's tables but the event stores, as `schema.table.column`. */
async function textColumns(): Promise<{ schema: string; table: string; column: string }[]> {
  return stack.query(
    `
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE'
      and c.table_schema = any($1::text[])
      and c.data_type in ('text', 'character varying', 'jsonb', 'ARRAY')
    order by 1, 2, 3`,
    [ALL_SERVICES.map((s) => s.name)],
  );
}

/** The columns (as `schema.table.column`) where any of these patterns occurs, case-insensitively. */
async function columnsHolding(patterns: string[], options: { events: boolean }): Promise<string[]> {
  const regex = patterns.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const found: string[] = [];
  for (const { schema, table, column } of await textColumns()) {
    if (!options.events && table === 'events') continue;
    const [row] = await stack.query<{ n: number }>(
      `select count(*)::int as n from "${schema}"."${table}" where "${column}"::text ~* $1`,
      [regex],
    );
    if ((row?.n ?? 0) > 0) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}

const purgedIds = () => [
  ids.purgedQuestion,
  ids.answerUnderPurged,
  ids.commentOnPurged,
  ids.purgedAnswer,
  ids.commentOnPurgedAnswer,
];

/**
 * Where the ids of purged objects may stay: the event stores (ids, types and times, no text), the reputation
 * ledger's entries (what was earned and taken back, by object id), the badges earned on them, notifications' mark
 * that a member is purged, and the embedder's queue of vectors to remove.
 */
const ID_KEEPERS = new Set([
  ...ALL_SERVICES.map((s) => `${s.name}.events.stream_id`),
  ...ALL_SERVICES.map((s) => `${s.name}.events.data`),
  'votes.ledger_entries.entry_id',
  'votes.ledger_entries.object_id',
  'votes.ledger_entries.question_id',
  'badges.badge_awards.object_id',
  'badges.badge_awards.question_id',
  'badges.badge_awards.answer_id',
  'notifications.recipient_status.user_id',
  // A purged post's id waits here until the embedder has removed its vector where the purge's own transaction cannot
  // (OpenSearch's k-NN index, scaled out: docs/adr/0100-semantic-vectors-in-opensearch.md).
  'assistant.semantic_queue.object_id',
]);

beforeAll(async () => {
  stack = await startStack({ services: ALL_SERVICES });
  admin = await createUser(stack, { roleId: Role.admin, name: 'Purge Admin' });
  member = await createUser(stack, {
    name: 'Quinella Purgeworthy',
    email: `quinella-purgeworthy-${Date.now()}@example.com`,
  });
  voter = await createUser(stack, { name: 'Purge Voter' });
  other = await createUser(stack, { name: 'Purge Other' });
  for (const [name, user] of Object.entries({ admin, member, voter, other })) tokens[name] = await login(stack, user);
  await setReputation(stack, voter.id, 2000);
  await setReputation(stack, member.id, 2000);
  await setReputation(stack, other.id, 2000);

  ids.purgedQuestion = (
    await ok('POST', `${API}/question`, tokens.member, {
      title: 'How does zanzibarpurge work at all?',
      content: 'The quokkapurge body of a question that will be purged.',
      tags: [{ slug_name: 'purgetag' }],
    })
  ).id;
  ids.keptQuestion = (
    await ok('POST', `${API}/question`, tokens.other, {
      title: 'Which question stays after a purge?',
      content: 'A question nobody deletes, answered by the member who goes.',
      tags: [{ slug_name: 'purgetag' }],
    })
  ).id;
  await stack.settle();
  ids.answerUnderPurged = (
    await ok('POST', `${API}/answer`, tokens.other, {
      question_id: ids.purgedQuestion,
      content: 'An answer under the purged question, wombatpurge.',
    })
  ).info.id;
  ids.commentOnPurged = (
    await ok('POST', `${API}/comment`, tokens.voter, {
      object_id: ids.purgedQuestion,
      original_text: `A comment wombatpurge for @${member.username}`,
    })
  ).comment_id;
  ids.purgedAnswer = (
    await ok('POST', `${API}/answer`, tokens.voter, {
      question_id: ids.keptQuestion,
      content: 'An answer that an admin deletes and purges: quokkapurge.',
    })
  ).info.id;
  ids.keptAnswer = (
    await ok('POST', `${API}/answer`, tokens.member, {
      question_id: ids.keptQuestion,
      content: 'An answer of the member, kept after the member is purged.',
    })
  ).info.id;
  ids.commentOnPurgedAnswer = (
    await ok('POST', `${API}/comment`, tokens.other, {
      object_id: ids.purgedAnswer,
      original_text: 'A comment zanzibarpurge on the answer that goes.',
    })
  ).comment_id;
  await stack.settle();
  await ok('POST', `${API}/vote/up`, tokens.voter, { object_id: ids.purgedQuestion, is_cancel: false });
  await ok('POST', `${API}/vote/up`, tokens.other, { object_id: ids.purgedAnswer, is_cancel: false });
  await ok('POST', `${API}/vote/up`, tokens.voter, { object_id: ids.keptQuestion, is_cancel: false });
  await ok('POST', `${API}/collection/switch`, tokens.voter, { object_id: ids.purgedQuestion, group_id: '0' });
  await ok('POST', `${API}/follow`, tokens.voter, { object_id: ids.purgedQuestion, is_cancel: false });
  await ok('PUT', `${ADMIN}/question/status`, tokens.admin, { question_id: ids.purgedQuestion, status: 'deleted' });
  await ok('PUT', `${ADMIN}/answer/status`, tokens.admin, { answer_id: ids.purgedAnswer, status: 'deleted' });
  await ok('PUT', `${ADMIN}/user/status`, tokens.admin, { user_id: member.id, status: 'deleted' });
  await settled();
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('the permanent delete', () => {
  it('is the admin’s only, and a bad type is refused per field', async () => {
    for (const type of ['questions', 'answers', 'users']) {
      expect((await call('DELETE', PURGE, tokens.voter, { type })).status).toBe(403);
      expect((await call('DELETE', PURGE, undefined, { type })).status).toBe(401);
    }
    const bad = await call('DELETE', PURGE, tokens.admin, { type: 'comments' });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ error_field: 'type' })]);
    expect((await call('DELETE', PURGE, tokens.admin, {})).status).toBe(400);
    // Nothing was purged by the refused calls.
    expect((await call('GET', `${API}/question/info?id=${ids.keptQuestion}`, tokens.admin)).status).toBe(200);
    const deleted = await ok('GET', `${ADMIN}/question/page?status=deleted`, tokens.admin);
    expect(deleted.list.map((q: { id: string }) => q.id)).toEqual([ids.purgedQuestion]);
  });

  it('purges every deleted question, answer and member, and answers null', async () => {
    expect(await ok('DELETE', PURGE, tokens.admin, { type: 'questions' })).toBeNull();
    expect(await ok('DELETE', PURGE, tokens.admin, { type: 'answers' })).toBeNull();
    expect(await ok('DELETE', PURGE, tokens.admin, { type: 'users' })).toBeNull();
    // Again: nothing is left to purge, and nothing fails.
    expect(await ok('DELETE', PURGE, tokens.admin, { type: 'questions' })).toBeNull();
    await settled();

    expect((await ok('GET', `${ADMIN}/question/page?status=deleted`, tokens.admin)).count).toBe(0);
    expect((await ok('GET', `${ADMIN}/answer/page?status=deleted`, tokens.admin)).count).toBe(0);
    expect((await ok('GET', `${ADMIN}/users/page?status=deleted`, tokens.admin)).count).toBe(0);
  });

  it('leaves no route showing what was purged, and what was not deleted stays', async () => {
    expect((await call('GET', `${API}/question/info?id=${ids.purgedQuestion}`, tokens.admin)).status).toBe(404);
    const list = await ok('GET', `${API}/question/page?page=1&page_size=50&order=newest`);
    expect(list.list.map((q: { id: string }) => q.id)).toEqual([ids.keptQuestion]);
    const answers = await ok('GET', `${API}/answer/page?question_id=${ids.keptQuestion}&page=1&page_size=20`);
    expect(answers.list.map((a: { id: string }) => a.id)).toEqual([ids.keptAnswer]);
    // The member's kept answer shows a gone member's card.
    expect(answers.list[0].user_info).toMatchObject({ id: member.id, username: '', status: 'deleted' });

    for (const word of ['zanzibarpurge', 'quokkapurge', 'wombatpurge']) {
      expect((await ok('GET', `${API}/search?q=${word}&page=1&size=20`, tokens.admin)).count).toBe(0);
    }
    expect((await ok('GET', `${API}/search?q=purge&page=1&size=20`, tokens.admin)).list.length).toBeGreaterThan(0);

    expect((await call('GET', `${API}/personal/user/info?username=${member.username}`)).status).toBe(404);
    const votes = await ok('GET', `${API}/personal/vote/page?page=1&page_size=20`, tokens.voter);
    expect(votes.list.map((v: { object_id: string }) => v.object_id)).toEqual([ids.keptQuestion]);
    expect((await ok('GET', `${API}/personal/collection/page?page=1&page_size=20`, tokens.voter)).count).toBe(0);
    const voterAnswers = await ok(
      'GET',
      `${API}/personal/answer/page?username=${voter.username}&order=newest&page=1&page_size=10`,
    );
    expect(voterAnswers.count ?? voterAnswers.list.length).toBe(0);
    for (const who of ['voter', 'other', 'admin']) {
      const inbox = await ok('GET', `${API}/notification/page?type=inbox&page=1&page_size=50`, tokens[who]);
      const objects = inbox.list.map((n: { object_info: { object_id: string } }) => n.object_info.object_id);
      for (const id of purgedIds()) expect(objects).not.toContain(id);
    }
    const tag = await ok('GET', `${API}/tag?name=purgetag`);
    expect(tag.question_count).toBe(1);
    const dashboard = (await ok('GET', `${ADMIN}/dashboard`, tokens.admin)).info;
    expect(dashboard).toMatchObject({ question_count: 1, answer_count: 1 });
  });

  it('leaves no read model holding the purged objects, and no table the member’s personal data', async () => {
    const holding = await columnsHolding(purgedIds(), { events: true });
    expect(holding.filter((column) => !ID_KEEPERS.has(column))).toEqual([]);
    const personal = [member.email, member.username, 'Quinella Purgeworthy'];
    expect(await columnsHolding(personal, { events: true })).toEqual([]);
    expect(await columnsHolding(GONE_WORDS, { events: true })).toEqual([]);
    // What was kept is still there.
    expect(await columnsHolding([ids.keptQuestion, ids.keptAnswer], { events: false })).toContain('posts.questions.id');
  });

  it('keeps the purged streams in the event store, ids and types only', async () => {
    const events = await stack.query<{ type: string }>(
      'select type from posts.events where stream_id = $1 order by stream_version',
      [ids.purgedQuestion],
    );
    expect(events.map((e) => e.type)).toEqual([
      'posts.question_asked',
      'posts.question_deleted',
      'posts.question_purged',
    ]);
    const user = await stack.query<{ type: string }>(
      'select type from identity.events where stream_id = $1 order by stream_version',
      [member.id],
    );
    expect(user.at(-1)?.type).toBe('identity.user_purged');
  });

  it('brings none of them back when the read models are rebuilt from zero', async () => {
    await rebuildInlineReadModel(stack.service('posts').context.database, postsReadModel);
    await rebuildInlineReadModel(stack.service('votes').context.database, votesOwnReadModel);
    for (const module of ALL_SERVICES) {
      const service = stack.service(module.name);
      for (const name of service.projections.names) await service.projections.rebuild(name);
    }
    await settled();
    const holding = await columnsHolding(purgedIds(), { events: true });
    expect(holding.filter((column) => !ID_KEEPERS.has(column))).toEqual([]);
    expect(await columnsHolding(GONE_WORDS, { events: true })).toEqual([]);
    expect(await columnsHolding([member.email, member.username], { events: true })).toEqual([]);
    expect((await call('GET', `${API}/question/info?id=${ids.purgedQuestion}`, tokens.admin)).status).toBe(404);
    const dashboard = (await ok('GET', `${ADMIN}/dashboard`, tokens.admin)).info;
    expect(dashboard).toMatchObject({ question_count: 1, answer_count: 1 });
    expect((await ok('GET', `${API}/tag?name=purgetag`)).question_count).toBe(1);
  });
});
