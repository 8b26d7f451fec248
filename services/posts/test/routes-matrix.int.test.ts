/**
 * Every posts route through the gateway, table-driven: the success shape (the top-level `data` keys of
 * the reference API), the 400 of each field with a limit, and who is refused (anonymous, not activated, suspended,
 * too little reputation at privilege level 2, not the owner, not staff).
 */
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsFor, postsService } from '../src/service';

const API = '/answer/api/v1';
let stack: Stack;

// ---------------------------------------------------------------------------------------------------
// Key sets of the reference API (Question, Answer, Comment groups and the schemas they name)
// ---------------------------------------------------------------------------------------------------

const USER_BASIC_INFO = [
  'avatar',
  'display_name',
  'id',
  'language',
  'location',
  'rank',
  'status',
  'suspended_until',
  'username',
  'website',
];
const QUESTION_INFO = [
  'accepted_answer_id',
  'answer_count',
  'answered',
  'collected',
  'collection_count',
  'content',
  'create_time',
  'description',
  'edit_time',
  'extends_actions',
  'first_answer_id',
  'follow_count',
  'html',
  'id',
  'is_followed',
  'last_answer_id',
  'last_answered_user_info',
  'member_actions',
  'operation',
  'pin',
  'show',
  'status',
  'tags',
  'title',
  'unique_view_count',
  'update_time',
  'update_user_info',
  'url_title',
  'user_info',
  'view_count',
  'vote_count',
  'vote_status',
];
const QUESTION_PAGE_ITEM = [
  'accepted_answer_id',
  'answer_count',
  'collection_count',
  'created_at',
  'description',
  'follow_count',
  'id',
  'last_answer_id',
  'operated_at',
  'operation_type',
  'operator',
  'pin',
  'show',
  'status',
  'tags',
  'title',
  'unique_view_count',
  'url_title',
  'view_count',
  'vote_count',
];
const QUESTION_PAGE_OPERATOR = ['avatar', 'display_name', 'id', 'rank', 'status', 'username'];
const TAG_RESP = ['display_name', 'main_tag_slug_name', 'recommend', 'reserved', 'slug_name'];
/** AnswerInfo; `question_info` is `omitempty` in the reference and is carried by the wrapper's `question`. */
const ANSWER_INFO = [
  'accepted',
  'collected',
  'content',
  'create_time',
  'html',
  'id',
  'member_actions',
  'question_id',
  'status',
  'update_time',
  'update_user_info',
  'user_info',
  'vote_count',
  'vote_status',
];
const COMMENT = [
  'comment_id',
  'created_at',
  'is_vote',
  'member_actions',
  'object_id',
  'original_text',
  'parsed_text',
  'reply_comment_id',
  'reply_user_display_name',
  'reply_user_id',
  'reply_user_status',
  'reply_username',
  'user_avatar',
  'user_display_name',
  'user_id',
  'user_status',
  'username',
  'vote_count',
];
const ACT_OBJECT_INFO = [
  'answer_id',
  'display_name',
  'main_tag_slug_name',
  'object_type',
  'question_id',
  'title',
  'username',
];
const ACT_OBJECT_TIMELINE = [
  'activity_id',
  'activity_type',
  'cancelled',
  'cancelled_at',
  'comment',
  'created_at',
  'object_id',
  'object_type',
  'revision_id',
  'user_info',
];
const TIMELINE_DETAIL = ['main_tag_slug_name', 'original_text', 'slug_name', 'tags', 'title'];
const REVISION = [
  'content',
  'create_at',
  'id',
  'object_id',
  'reason',
  'status',
  'title',
  'url_title',
  'use_id',
  'user_info',
];
const USER_QUESTION_INFO = [
  'accepted_answer_id',
  'answer_count',
  'collection_count',
  'created_at',
  'question_id',
  'status',
  'tags',
  'title',
  'url_title',
  'view_count',
  'vote_count',
];
const USER_ANSWER_INFO = [
  'accepted',
  'answer_id',
  'create_time',
  'question_id',
  'question_info',
  'update_time',
  'vote_count',
];
const PERSONAL_COMMENT = [
  'answer_id',
  'comment_id',
  'content',
  'created_at',
  'object_id',
  'object_type',
  'question_id',
  'title',
  'url_title',
];
const PAGE = ['count', 'list'];

// ---------------------------------------------------------------------------------------------------
// Actors and fixtures, made once
// ---------------------------------------------------------------------------------------------------

type Who = 'anon' | 'author' | 'other' | 'mod' | 'admin' | 'inactive' | 'suspended' | 'climber' | 'broke';
const tokens = {} as Record<Exclude<Who, 'anon'>, string>;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;

/** Q1: the author's question (tag `matrix`), A1: other's answer to it, C1: the author's comment on it. */
const f = { q1: '', a1: '', c1: '', seedQ: '', authorAnswer: '' };
let serial = 0;

async function call(method: string, url: string, who: Who, body?: unknown) {
  return stack.call(method, url, {
    ...(who === 'anon' ? {} : { token: tokens[who] }),
    ...(body === undefined ? {} : { body }),
  });
}

async function must(method: string, url: string, who: Who, body?: unknown) {
  const response = await call(method, url, who, body);
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
}

const fresh = {
  async question(who: Who = 'author', tags = ['matrix']): Promise<string> {
    serial += 1;
    const data = await must('POST', `${API}/question`, who, {
      title: `Matrix question number ${serial}`,
      content: `Body of matrix question ${serial}.`,
      tags: tags.map((slug_name) => ({ slug_name })),
    });
    return data.id;
  },
  async answer(questionId: string, who: Who = 'author'): Promise<string> {
    serial += 1;
    const data = await must('POST', `${API}/answer`, who, {
      question_id: questionId,
      content: `Matrix answer number ${serial}.`,
    });
    return data.info.id;
  },
  async comment(objectId: string, who: Who = 'author'): Promise<string> {
    serial += 1;
    const data = await must('POST', `${API}/comment`, who, {
      object_id: objectId,
      original_text: `Matrix comment ${serial}`,
    });
    return data.comment_id;
  },
};

const questionBody = (over: Record<string, unknown> = {}) => ({
  title: `A perfectly valid title ${++serial}`,
  content: 'A perfectly valid body.',
  tags: [{ slug_name: 'matrix' }],
  ...over,
});

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  users.author = await createUser(stack, { name: 'Matrix Author' });
  users.other = await createUser(stack, { name: 'Matrix Other' });
  users.mod = await createUser(stack, { roleId: Role.moderator, name: 'Matrix Moderator' });
  users.admin = await createUser(stack, { roleId: Role.admin, name: 'Matrix Admin' });
  users.inactive = await createUser(stack, { activated: false, name: 'Matrix Inactive' });
  users.suspended = await createUser(stack, { name: 'Matrix Suspended' });
  users.climber = await createUser(stack, { name: 'Matrix Climber' });
  users.broke = await createUser(stack, { name: 'Matrix Broke' });
  await stack.settle();
  for (const who of Object.keys(users) as (keyof typeof users)[]) tokens[who] = await login(stack, users[who]);

  // Tags in use, a question with the author's answer, then Q1 with an answer, a comment, an edit and an invitation.
  f.seedQ = await fresh.question('mod', ['matrix', 'routes']);
  f.authorAnswer = await fresh.answer(f.seedQ, 'author');
  f.q1 = await fresh.question('author', ['matrix']);
  f.a1 = await fresh.answer(f.q1, 'other');
  f.c1 = await fresh.comment(f.q1, 'author');
  await must('PUT', `${API}/question`, 'author', {
    id: f.q1,
    title: 'The first matrix question, edited',
    content: 'Body of the first matrix question, now edited.',
    tags: [{ slug_name: 'matrix' }],
    edit_summary: 'clearer',
  });
  await must('PUT', `${API}/question/invite`, 'author', { id: f.q1, invite_user: [users.other.username] });
  // Views make the tag's questions "hot" (similar/tag lists the most viewed of the last 90 days).
  await call('GET', `${API}/question/info?id=${f.seedQ}`, 'other');
  await call('GET', `${API}/question/info?id=${f.q1}`, 'other');
  await postsFor(stack.service('posts')).views.flush();

  // Reputation 0 (below even asking) and a suspended account whose old token is kept.
  await setReputation(stack, users.broke.id, 0);
  const suspended = await call('PUT', '/answer/admin/api/user/status', 'admin', {
    user_id: users.suspended.id,
    status: 'suspended',
    suspend_duration: '7d',
  });
  expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
  await stack.settle();
});

afterAll(async () => {
  await stack?.close();
});

// ---------------------------------------------------------------------------------------------------
// Helpers for the tables
// ---------------------------------------------------------------------------------------------------

type Input = { query?: Record<string, string>; body?: unknown };
type InputFn = () => Input | Promise<Input>;

function split(route: string): [string, string] {
  const [method, path] = route.split(' ') as [string, string];
  return [method, `${API}${path}`];
}

async function send(route: string, who: Who, input: Input) {
  const [method, path] = split(route);
  const query = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
  return call(method, `${path}${query}`, who, input.body);
}

const sorted = (value: unknown) => Object.keys(value as object).sort();

function at(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split('.')) current = (current as Record<string, unknown> | undefined)?.[segment];
  return current;
}

// ---------------------------------------------------------------------------------------------------
// (1) Success shapes
// ---------------------------------------------------------------------------------------------------

interface ShapeRow {
  route: string;
  who: Who;
  input: InputFn;
  /** Sorted top-level keys of `data`, or what `data` is when it is not an object. */
  data: readonly string[] | 'null' | 'string' | 'array';
  nested?: Record<string, readonly string[]>;
}

const WITH_QUESTION = { info: ANSWER_INFO, question: QUESTION_INFO, 'question.user_info': USER_BASIC_INFO };
const QUESTION_NESTED = {
  user_info: USER_BASIC_INFO,
  'tags.0': TAG_RESP,
  operation: ['description', 'level', 'msg', 'time', 'type'],
};

const SHAPES: ShapeRow[] = [
  {
    route: 'POST /question',
    who: 'author',
    input: () => ({ body: questionBody() }),
    data: QUESTION_INFO,
    nested: QUESTION_NESTED,
  },
  {
    route: 'PUT /question',
    who: 'author',
    input: async () => ({
      body: {
        id: await fresh.question(),
        title: 'A title changed by its author',
        content: 'New body.',
        tags: [{ slug_name: 'matrix' }],
      },
    }),
    data: ['url_title', 'wait_for_review'],
  },
  {
    route: 'DELETE /question',
    who: 'author',
    input: async () => ({ body: { id: await fresh.question() } }),
    data: 'null',
  },
  {
    route: 'POST /question/answer',
    who: 'author',
    input: () => ({ body: questionBody({ answer_content: 'And my own answer to it.' }) }),
    data: ['info', 'question'],
    nested: WITH_QUESTION,
  },
  {
    route: 'PUT /question/status',
    who: 'mod',
    input: async () => ({ body: { id: await fresh.question(), close_type: 1, close_msg: 'Duplicate' } }),
    data: 'null',
  },
  {
    route: 'PUT /question/reopen',
    who: 'mod',
    input: async () => {
      const id = await fresh.question();
      await must('PUT', `${API}/question/status`, 'mod', { id, close_type: 1 });
      return { body: { question_id: id } };
    },
    data: 'null',
  },
  {
    route: 'PUT /question/operation',
    who: 'mod',
    input: async () => ({ body: { id: await fresh.question(), operation: 'hide' } }),
    data: 'null',
  },
  {
    route: 'POST /question/recover',
    who: 'mod',
    input: async () => {
      const id = await fresh.question();
      await must('DELETE', `${API}/question`, 'author', { id });
      return { body: { question_id: id } };
    },
    data: 'null',
  },
  {
    route: 'GET /question/invite',
    who: 'anon',
    input: () => ({ query: { id: f.q1 } }),
    data: 'array',
    nested: { '0': USER_BASIC_INFO },
  },
  {
    route: 'PUT /question/invite',
    who: 'author',
    input: async () => ({ body: { id: await fresh.question(), invite_user: [users.other.username] } }),
    data: 'null',
  },
  {
    route: 'GET /question/info',
    who: 'anon',
    input: () => ({ query: { id: f.q1 } }),
    data: QUESTION_INFO,
    nested: QUESTION_NESTED,
  },
  {
    route: 'GET /question/page',
    who: 'anon',
    input: () => ({ query: { order: 'newest', page: '1', page_size: '5' } }),
    data: PAGE,
    nested: { 'list.0': QUESTION_PAGE_ITEM, 'list.0.operator': QUESTION_PAGE_OPERATOR, 'list.0.tags.0': TAG_RESP },
  },
  {
    route: 'GET /question/similar/tag',
    who: 'anon',
    input: () => ({ query: { question_id: f.q1 } }),
    data: PAGE,
    nested: { 'list.0': QUESTION_PAGE_ITEM },
  },
  {
    route: 'POST /answer',
    who: 'other',
    input: async () => ({ body: { question_id: await fresh.question(), content: 'A fine answer indeed.' } }),
    data: ['info', 'question'],
    nested: WITH_QUESTION,
  },
  {
    route: 'PUT /answer',
    who: 'other',
    input: () => ({ body: { id: f.a1, content: `The answer, edited by its author ${++serial}.` } }),
    data: ['wait_for_review'],
  },
  {
    route: 'DELETE /answer',
    who: 'author',
    input: async () => ({ body: { id: await fresh.answer(await fresh.question('mod')) } }),
    data: 'null',
  },
  {
    route: 'POST /answer/recover',
    who: 'mod',
    input: async () => {
      const id = await fresh.answer(await fresh.question('mod'));
      await must('DELETE', `${API}/answer`, 'author', { id });
      return { body: { answer_id: id } };
    },
    data: 'null',
  },
  {
    route: 'POST /answer/acceptance',
    who: 'author',
    input: () => ({ body: { question_id: f.q1, answer_id: f.a1 } }),
    data: 'null',
  },
  {
    route: 'GET /answer/info',
    who: 'anon',
    input: () => ({ query: { id: f.a1 } }),
    data: ['info', 'question'],
    nested: WITH_QUESTION,
  },
  {
    route: 'GET /answer/page',
    who: 'anon',
    input: () => ({ query: { question_id: f.q1, order: 'default', page: '1', page_size: '10' } }),
    data: PAGE,
    nested: { 'list.0': ANSWER_INFO, 'list.0.user_info': USER_BASIC_INFO },
  },
  {
    route: 'POST /comment',
    who: 'other',
    input: () => ({ body: { object_id: f.a1, original_text: 'A comment on the answer.' } }),
    data: COMMENT,
  },
  {
    route: 'PUT /comment',
    who: 'author',
    input: async () => ({ body: { comment_id: await fresh.comment(f.q1), original_text: 'Edited in the window.' } }),
    data: ['comment_id', 'original_text', 'parsed_text'],
  },
  {
    route: 'DELETE /comment',
    who: 'author',
    input: async () => ({ body: { comment_id: await fresh.comment(f.q1) } }),
    data: 'null',
  },
  { route: 'GET /comment', who: 'anon', input: () => ({ query: { id: f.c1 } }), data: COMMENT },
  {
    route: 'GET /comment/page',
    who: 'anon',
    input: () => ({ query: { object_id: f.q1, page: '1', page_size: '3' } }),
    data: PAGE,
    nested: { 'list.0': COMMENT },
  },
  { route: 'POST /post/render', who: 'author', input: () => ({ body: { content: '# Hello' } }), data: 'string' },
  {
    route: 'GET /activity/timeline',
    who: 'author',
    input: () => ({ query: { object_id: f.q1 } }),
    data: ['object_info', 'timeline'],
    nested: {
      object_info: ACT_OBJECT_INFO,
      'timeline.0': ACT_OBJECT_TIMELINE,
      'timeline.0.user_info': USER_BASIC_INFO,
    },
  },
  {
    route: 'GET /activity/timeline/detail',
    who: 'author',
    input: async () => {
      const revisions = (await must('GET', `${API}/revisions?object_id=${f.q1}`, 'author')) as { id: string }[];
      const ids = revisions.map((r) => r.id).sort();
      return { query: { old_revision_id: ids[0]!, new_revision_id: ids.at(-1)! } };
    },
    data: ['new_revision', 'old_revision'],
    nested: { new_revision: TIMELINE_DETAIL, old_revision: TIMELINE_DETAIL, 'new_revision.tags.0': TAG_RESP },
  },
  {
    route: 'GET /revisions',
    who: 'author',
    input: () => ({ query: { object_id: f.q1 } }),
    data: 'array',
    nested: { '0': REVISION, '0.user_info': USER_BASIC_INFO },
  },
  {
    route: 'GET /personal/question/page',
    who: 'anon',
    input: () => ({ query: { username: users.author.username, order: 'newest', page: '1', page_size: '10' } }),
    data: PAGE,
    nested: { 'list.0': USER_QUESTION_INFO },
  },
  {
    route: 'GET /personal/answer/page',
    who: 'anon',
    input: () => ({ query: { username: users.other.username, order: 'newest', page: '1', page_size: '10' } }),
    data: PAGE,
    nested: { 'list.0': USER_ANSWER_INFO, 'list.0.question_info': ['tags', 'title', 'url_title'] },
  },
  {
    route: 'GET /personal/comment/page',
    who: 'anon',
    input: () => ({ query: { username: users.author.username, page: '1', page_size: '10' } }),
    data: PAGE,
    nested: { 'list.0': PERSONAL_COMMENT },
  },
  {
    route: 'GET /personal/qa/top',
    who: 'anon',
    input: () => ({ query: { username: users.author.username } }),
    data: ['answer', 'question'],
    nested: { 'question.0': USER_QUESTION_INFO, 'answer.0': USER_ANSWER_INFO },
  },
];

describe('(1) success shapes match the reference API', () => {
  it.each(SHAPES)('$route as $who', async ({ route, who, input, data, nested }) => {
    const response = await send(route, who, await input());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ code: 200, reason: 'base.success' });
    const payload = response.body.data;
    if (data === 'null') expect(payload).toBeNull();
    else if (data === 'string') expect(typeof payload).toBe('string');
    else if (data === 'array') expect(Array.isArray(payload)).toBe(true);
    else expect(sorted(payload)).toEqual([...data].sort());
    for (const [path, keys] of Object.entries(nested ?? {})) {
      const value = at(payload, path);
      expect(value, `data.${path} is missing`).toBeTypeOf('object');
      expect(sorted(value), `data.${path}`).toEqual([...keys].sort());
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// (2) Bad input: one row per field and limit
// ---------------------------------------------------------------------------------------------------

const MISSING = Symbol('missing');
interface BadRow {
  route: string;
  field: string;
  value: unknown;
  error_field?: string;
  msg: string;
}

const long = (n: number) => 'x'.repeat(n);
const ID = '10010000000000000000001';

/** A valid request per route, which each row spoils in one field. Ids need not exist where the schema decides. */
const BASE: Record<string, Record<string, unknown>> = {
  'POST /question': { title: 'A perfectly valid title', content: 'A valid body.', tags: [{ slug_name: 'matrix' }] },
  'PUT /question': {
    // The content and tag rules are checked against the stored question, so this one must exist.
    get id() {
      return f.q1;
    },
    title: 'A perfectly valid title',
    content: 'A valid body.',
    tags: [{ slug_name: 'matrix' }],
  },
  'DELETE /question': { id: ID },
  'POST /question/answer': {
    title: 'A perfectly valid title',
    content: 'A valid body.',
    tags: [{ slug_name: 'matrix' }],
    answer_content: 'A valid answer.',
  },
  'PUT /question/status': { id: ID, close_type: 1, close_msg: 'why' },
  'PUT /question/reopen': { question_id: ID },
  'PUT /question/operation': { id: ID, operation: 'pin' },
  'POST /question/recover': { question_id: ID },
  'GET /question/invite': { id: ID },
  'PUT /question/invite': { id: ID, invite_user: [] },
  'GET /question/info': { id: ID },
  'GET /question/page': { order: 'newest', page: '1', page_size: '10' },
  'GET /question/similar/tag': { question_id: ID },
  'POST /answer': { question_id: ID, content: 'A valid answer.' },
  'PUT /answer': { id: ID, content: 'A valid answer.' },
  'DELETE /answer': { id: ID },
  'POST /answer/recover': { answer_id: ID },
  'POST /answer/acceptance': { question_id: ID, answer_id: ID },
  'GET /answer/info': { id: ID },
  'GET /answer/page': { question_id: ID, page: '1', page_size: '10' },
  'POST /comment': { object_id: ID, original_text: 'A valid comment' },
  'PUT /comment': { comment_id: ID, original_text: 'A valid comment' },
  'DELETE /comment': { comment_id: ID },
  'GET /comment': { id: ID },
  'GET /comment/page': { object_id: ID, page: '1', page_size: '10' },
  'POST /post/render': { content: 'text' },
  'GET /activity/timeline': { object_id: ID },
  'GET /activity/timeline/detail': { old_revision_id: '1', new_revision_id: '2' },
  'GET /revisions': { object_id: ID },
  'GET /personal/question/page': { username: 'someone', order: 'newest', page: '1', page_size: '10' },
  'GET /personal/answer/page': { username: 'someone', order: 'newest', page: '1', page_size: '10' },
  'GET /personal/comment/page': { username: 'someone', page: '1', page_size: '10' },
  'GET /personal/qa/top': { username: 'someone' },
};

const row = (route: string, field: string, value: unknown, msg: string, error_field = field): BadRow => ({
  route,
  field,
  value,
  error_field,
  msg,
});
const missing = (route: string, field: string, label: string) =>
  row(route, field, MISSING, `${label} cannot be empty.`);
const tooLong = (route: string, field: string, label: string, limit: number) =>
  row(route, field, long(limit + 1), `${label} must be at most ${limit} characters.`);
const idRows = (route: string, field: string, label: string, limit = 64) => [
  missing(route, field, label),
  row(route, field, '', `${label} cannot be empty.`),
  tooLong(route, field, label, limit),
];
const titleRows = (route: string) => [
  missing(route, 'title', 'Title'),
  row(route, 'title', 'short', 'Title must be at least 6 characters.'),
  tooLong(route, 'title', 'Title', 150),
];
const tagRows = (route: string) => [
  missing(route, 'tags', 'Tags'),
  row(route, 'tags', [], 'Tags needs at least 1 items.'),
  row(
    route,
    'tags',
    ['a', 'b', 'c', 'd', 'e', 'f'].map((slug_name) => ({ slug_name })),
    'Tags can have at most 5 items.',
  ),
  row(
    route,
    'tags',
    Array.from({ length: 21 }, (_, i) => ({ slug_name: `t${i}` })),
    'Tags can have at most 20 items.',
  ),
  row(route, 'tags', [{ slug_name: long(36) }], 'Slug name must be at most 35 characters.', 'tags.slug_name'),
  row(route, 'tags', [{ display_name: 'No slug' }], 'Slug name cannot be empty.', 'tags.slug_name'),
  row(
    route,
    'tags',
    [{ slug_name: 'matrix', display_name: long(36) }],
    'Display name must be at most 35 characters.',
    'tags.display_name',
  ),
  row(
    route,
    'tags',
    [{ slug_name: 'Not a slug!' }],
    'The tag "Not a slug!" may use only a-z, 0-9, +, #, - and ., up to 35 characters.',
  ),
];
const contentRows = (route: string, field = 'content', label = 'Content') => [
  missing(route, field, label),
  row(route, field, 'tiny', `${label} must be at least 6 characters.`),
  tooLong(route, field, label, 65535),
];
const pageRows = (route: string, maxPageSize: number) => [
  row(route, 'page', '0', 'Page must be at least 1.'),
  row(route, 'page', 'first', 'Page is invalid.'),
  row(route, 'page_size', '0', 'Page size must be at least 1.'),
  row(route, 'page_size', String(maxPageSize + 1), `Page size must be at most ${maxPageSize}.`),
];
const personalRows = (route: string, order: boolean) => [
  ...idRows(route, 'username', 'Username', 100),
  ...(order ? [row(route, 'order', 'hot', 'Order is invalid.')] : []),
  ...pageRows(route, 100),
];

const BAD_INPUT: BadRow[] = [
  ...titleRows('POST /question'),
  ...contentRows('POST /question'),
  ...tagRows('POST /question'),
  ...idRows('PUT /question', 'id', 'Id'),
  ...titleRows('PUT /question'),
  ...contentRows('PUT /question'),
  ...tagRows('PUT /question'),
  tooLong('PUT /question', 'edit_summary', 'Edit summary', 500),
  ...idRows('DELETE /question', 'id', 'Id'),
  ...titleRows('POST /question/answer'),
  ...contentRows('POST /question/answer'),
  ...tagRows('POST /question/answer'),
  ...contentRows('POST /question/answer', 'answer_content', 'Answer content'),
  ...idRows('PUT /question/status', 'id', 'Id'),
  missing('PUT /question/status', 'close_type', 'Close type'),
  row('PUT /question/status', 'close_type', 'dupe', 'Close type is invalid.'),
  tooLong('PUT /question/status', 'close_msg', 'Close msg', 1000),
  ...idRows('PUT /question/reopen', 'question_id', 'Question id'),
  ...idRows('PUT /question/operation', 'id', 'Id'),
  missing('PUT /question/operation', 'operation', 'Operation'),
  row('PUT /question/operation', 'operation', 'explode', 'Operation is invalid.'),
  ...idRows('POST /question/recover', 'question_id', 'Question id'),
  ...idRows('GET /question/invite', 'id', 'Id'),
  ...idRows('PUT /question/invite', 'id', 'Id'),
  missing('PUT /question/invite', 'invite_user', 'Invite user'),
  row(
    'PUT /question/invite',
    'invite_user',
    Array.from({ length: 31 }, (_, i) => `user${i}`),
    'Invite user can have at most 30 items.',
  ),
  row('PUT /question/invite', 'invite_user', [long(101)], 'Invite user must be at most 100 characters.'),
  ...idRows('GET /question/info', 'id', 'Id'),
  row('GET /question/page', 'order', 'bogus', 'Order is invalid.'),
  ...pageRows('GET /question/page', 100),
  tooLong('GET /question/page', 'tag', 'Tag', 100),
  tooLong('GET /question/page', 'username', 'Username', 100),
  row('GET /question/page', 'in_days', '0', 'In days must be at least 1.'),
  ...idRows('GET /question/similar/tag', 'question_id', 'Question id'),
  ...idRows('POST /answer', 'question_id', 'Question id'),
  ...contentRows('POST /answer'),
  ...idRows('PUT /answer', 'id', 'Id'),
  ...contentRows('PUT /answer'),
  tooLong('PUT /answer', 'edit_summary', 'Edit summary', 500),
  ...idRows('DELETE /answer', 'id', 'Id'),
  ...idRows('POST /answer/recover', 'answer_id', 'Answer id'),
  missing('POST /answer/acceptance', 'question_id', 'Question id'),
  tooLong('POST /answer/acceptance', 'answer_id', 'Answer id', 64),
  ...idRows('GET /answer/info', 'id', 'Id'),
  ...idRows('GET /answer/page', 'question_id', 'Question id'),
  tooLong('GET /answer/page', 'order', 'Order', 20),
  ...pageRows('GET /answer/page', 1000),
  ...idRows('POST /comment', 'object_id', 'Object id'),
  missing('POST /comment', 'original_text', 'Original text'),
  row('POST /comment', 'original_text', 'x', 'Original text must be at least 2 characters.'),
  tooLong('POST /comment', 'original_text', 'Original text', 600),
  tooLong('POST /comment', 'reply_comment_id', 'Reply comment id', 64),
  row(
    'POST /comment',
    'mention_username_list',
    Array.from({ length: 51 }, (_, i) => `user${i}`),
    'Mention username list can have at most 50 items.',
  ),
  ...idRows('PUT /comment', 'comment_id', 'Comment id'),
  missing('PUT /comment', 'original_text', 'Original text'),
  row('PUT /comment', 'original_text', 'x', 'Original text must be at least 2 characters.'),
  tooLong('PUT /comment', 'original_text', 'Original text', 600),
  ...idRows('DELETE /comment', 'comment_id', 'Comment id'),
  ...idRows('GET /comment', 'id', 'Id'),
  ...idRows('GET /comment/page', 'object_id', 'Object id'),
  ...pageRows('GET /comment/page', 100),
  row('GET /comment/page', 'query_cond', 'bogus', 'Query cond is invalid.'),
  tooLong('POST /post/render', 'content', 'Content', 65535),
  ...idRows('GET /activity/timeline', 'object_id', 'Object id', 100),
  ...idRows('GET /activity/timeline/detail', 'old_revision_id', 'Old revision id', 100),
  ...idRows('GET /activity/timeline/detail', 'new_revision_id', 'New revision id', 100),
  ...idRows('GET /revisions', 'object_id', 'Object id', 100),
  ...personalRows('GET /personal/question/page', true),
  ...personalRows('GET /personal/answer/page', true),
  ...personalRows('GET /personal/comment/page', false),
  ...idRows('GET /personal/qa/top', 'username', 'Username', 100),
];

/** Limits of the reference API that once slipped through (now applied). */
const BAD_INPUT_BUGS: BadRow[] = [
  // The reference API's `AcceptAnswerReq`{question_id*:str(len ≤30)}.
  tooLong('POST /answer/acceptance', 'question_id', 'Question id', 30),
];

function spoil(route: string, field: string, value: unknown): Input {
  const base: Record<string, unknown> = { ...BASE[route] };
  if (value === MISSING) delete base[field];
  else base[field] = value;
  if (route.startsWith('GET ')) return { query: base as Record<string, string> };
  return { body: base };
}

async function expectFieldError({ route, field, value, error_field, msg }: BadRow) {
  const response = await send(route, 'mod', spoil(route, field, value));
  expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(400);
  expect(response.body.data).toEqual([{ error_field: error_field ?? field, error_msg: msg }]);
  expect(response.body.msg).toBe(msg);
}

describe('(2) bad input answers 400 with the field and its message', () => {
  it('has a valid base request for every route of the matrix', () => {
    expect(Object.keys(BASE).sort()).toEqual(SHAPES.map((s) => s.route).sort());
  });
  it.each(BAD_INPUT)('$route $field → $msg', expectFieldError);
  it.each(BAD_INPUT_BUGS)('$route $field → $msg', expectFieldError);
});

// ---------------------------------------------------------------------------------------------------
// (3) Permissions
// ---------------------------------------------------------------------------------------------------

/** Every route at the `user` level, with a request that would otherwise be valid. */
const USER_ROUTES: { route: string; input: InputFn }[] = [
  { route: 'POST /question', input: () => ({ body: questionBody() }) },
  {
    route: 'PUT /question',
    input: () => ({
      body: { id: f.q1, title: 'Edited by nobody here', content: 'Body text.', tags: [{ slug_name: 'matrix' }] },
    }),
  },
  { route: 'DELETE /question', input: () => ({ body: { id: f.q1 } }) },
  { route: 'POST /question/answer', input: () => ({ body: questionBody({ answer_content: 'Answer text.' }) }) },
  { route: 'PUT /question/status', input: () => ({ body: { id: f.q1, close_type: 1 } }) },
  { route: 'PUT /question/reopen', input: () => ({ body: { question_id: f.q1 } }) },
  { route: 'PUT /question/operation', input: () => ({ body: { id: f.q1, operation: 'pin' } }) },
  { route: 'POST /question/recover', input: () => ({ body: { question_id: f.q1 } }) },
  { route: 'PUT /question/invite', input: () => ({ body: { id: f.q1, invite_user: [] } }) },
  { route: 'POST /answer', input: () => ({ body: { question_id: f.q1, content: 'Answer text.' } }) },
  { route: 'PUT /answer', input: () => ({ body: { id: f.a1, content: 'Answer text edited.' } }) },
  { route: 'DELETE /answer', input: () => ({ body: { id: f.a1 } }) },
  { route: 'POST /answer/recover', input: () => ({ body: { answer_id: f.a1 } }) },
  { route: 'POST /answer/acceptance', input: () => ({ body: { question_id: f.q1, answer_id: f.a1 } }) },
  { route: 'POST /comment', input: () => ({ body: { object_id: f.q1, original_text: 'A comment.' } }) },
  { route: 'PUT /comment', input: () => ({ body: { comment_id: f.c1, original_text: 'A comment.' } }) },
  { route: 'DELETE /comment', input: () => ({ body: { comment_id: f.c1 } }) },
  { route: 'POST /post/render', input: () => ({ body: { content: 'text' } }) },
];

/**
 * Routes the reference API gives the `user` level (router auth, "Auth disagreement" list) and the reference
 * client shows to signed-in members only; the service registers them as `optional`.
 */
const LOGGED_IN = ['GET /activity/timeline', 'GET /activity/timeline/detail', 'GET /revisions'];
const LOGGED_IN_READS: { route: string; input: InputFn }[] = SHAPES.filter((s) => LOGGED_IN.includes(s.route)).map(
  ({ route, input }) => ({ route, input }),
);

/** Everything else is `optional`: anyone may read. */
const OPEN_READS: { route: string; input: InputFn }[] = SHAPES.filter(
  (s) => s.route.startsWith('GET ') && !LOGGED_IN_READS.some((r) => r.route === s.route),
).map(({ route, input }) => ({ route, input }));

async function expectAnonymous({ route, input }: { route: string; input: InputFn }) {
  const response = await send(route, 'anon', await input());
  expect(response.status).toBe(401);
  expect(response.body).toMatchObject({ code: 401, reason: 'base.unauthorized_error', data: null });
}
async function expectInactive({ route, input }: { route: string; input: InputFn }) {
  const response = await send(route, 'inactive', await input());
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({ code: 403, reason: 'base.forbidden_error', data: { type: 'inactive' } });
}
async function expectSuspendedTokenDead({ route, input }: { route: string; input: InputFn }) {
  const response = await send(route, 'suspended', await input());
  expect(response.status).toBe(401);
  expect(response.body.data).toBeNull();
}

describe('(3a) authentication levels', () => {
  it.each(USER_ROUTES)('$route: anonymous → 401', expectAnonymous);
  it.each(USER_ROUTES)('$route: not activated → 403 {type: inactive}', expectInactive);
  it.each(USER_ROUTES)("$route: a suspended user's old token → 401", expectSuspendedTokenDead);
  it.each(OPEN_READS)('$route: open to anonymous readers', async ({ route, input }) => {
    expect((await send(route, 'anon', await input())).status).toBe(200);
  });

  it.each(LOGGED_IN_READS)('$route: anonymous → 401', expectAnonymous);
  it.each(LOGGED_IN_READS)('$route: not activated → 403 {type: inactive}', expectInactive);

  it('refuses the suspended user at login with 403 {type: suspended}', async () => {
    const response = await stack.call('POST', `${API}/user/login/email`, {
      body: { e_mail: users.suspended.email, pass: users.suspended.password },
    });
    expect(response.status).toBe(403);
    expect(response.body.data).toEqual({ type: 'suspended' });
  });
});

interface DenyRow {
  name: string;
  route: string;
  who: Who;
  rep?: number;
  input: InputFn;
  status: number;
  msg?: string;
  data?: unknown;
}

const ROLE_ONLY = 'Only moderators and administrators can do this.';
const needs = (rank: number) => `You need at least ${rank} reputation to do this.`;
const newTagToast = (slug: string) => `You need more reputation to create the new tag "${slug}".`;

const DENIED: DenyRow[] = [
  // Too little reputation (level 2 thresholds).
  {
    name: "editing another's question needs 100",
    route: 'PUT /question',
    who: 'climber',
    rep: 99,
    input: async () => ({
      body: {
        id: await fresh.question(),
        title: 'A suggested better title',
        content: 'Suggested body.',
        tags: [{ slug_name: 'matrix' }],
      },
    }),
    status: 403,
    msg: needs(100),
  },
  {
    name: "editing another's answer needs 100",
    route: 'PUT /answer',
    who: 'climber',
    rep: 99,
    input: () => ({ body: { id: f.a1, content: 'A suggested better answer.' } }),
    status: 403,
    msg: needs(100),
  },
  {
    name: "inviting to another's question needs 500",
    route: 'PUT /question/invite',
    who: 'climber',
    rep: 499,
    input: () => ({ body: { id: f.q1, invite_user: [users.other.username] } }),
    status: 403,
    msg: needs(500),
  },
  {
    name: 'asking with a new tag needs 750 (a toast)',
    route: 'POST /question',
    who: 'climber',
    rep: 749,
    input: () => ({ body: questionBody({ tags: [{ slug_name: 'brand-new-749' }] }) }),
    status: 400,
    msg: newTagToast('brand-new-749'),
    data: { err_type: 'toast' },
  },
  {
    name: 'asking with an answer and a new tag needs 750 (a toast)',
    route: 'POST /question/answer',
    who: 'climber',
    rep: 749,
    input: () => ({ body: questionBody({ tags: [{ slug_name: 'brand-new-qa' }], answer_content: 'My own answer.' }) }),
    status: 400,
    msg: newTagToast('brand-new-qa'),
    data: { err_type: 'toast' },
  },
  {
    name: 'adding a new tag to one’s own question needs 750 (a toast)',
    route: 'PUT /question',
    who: 'author',
    rep: 1,
    input: async () => ({
      body: {
        id: await fresh.question(),
        title: 'Retagged by the author',
        content: 'Same body.',
        tags: [{ slug_name: 'brand-new-own' }],
      },
    }),
    status: 400,
    msg: newTagToast('brand-new-own'),
    data: { err_type: 'toast' },
  },
  {
    name: 'asking needs 1',
    route: 'POST /question',
    who: 'broke',
    input: () => ({ body: questionBody() }),
    status: 403,
    msg: needs(1),
  },
  {
    name: 'answering needs 1',
    route: 'POST /answer',
    who: 'broke',
    input: () => ({ body: { question_id: f.q1, content: 'An answer from nobody.' } }),
    status: 403,
    msg: needs(1),
  },
  {
    name: 'commenting needs 1',
    route: 'POST /comment',
    who: 'broke',
    input: () => ({ body: { object_id: f.q1, original_text: 'A comment from nobody.' } }),
    status: 403,
    msg: needs(1),
  },
  // Not the owner.
  {
    name: "deleting another's question",
    route: 'DELETE /question',
    who: 'other',
    rep: 100000,
    input: async () => ({ body: { id: await fresh.question() } }),
    status: 403,
  },
  {
    name: "deleting another's answer",
    route: 'DELETE /answer',
    who: 'author',
    rep: 100000,
    input: () => ({ body: { id: f.a1 } }),
    status: 403,
  },
  {
    name: "deleting another's comment",
    route: 'DELETE /comment',
    who: 'other',
    rep: 100000,
    input: () => ({ body: { comment_id: f.c1 } }),
    status: 403,
  },
  {
    name: "accepting on another's question",
    route: 'POST /answer/acceptance',
    who: 'other',
    rep: 100000,
    input: () => ({ body: { question_id: f.q1, answer_id: f.a1 } }),
    status: 403,
  },
  {
    name: "editing another's comment (a toast)",
    route: 'PUT /comment',
    who: 'other',
    rep: 100000,
    input: () => ({ body: { comment_id: f.c1, original_text: 'Not mine to edit.' } }),
    status: 400,
    msg: 'Comments can be edited only within 5 minutes.',
    data: { err_type: 'toast' },
  },
  // Staff only, whatever the reputation, the asker included.
  ...(
    [
      ['closing', 'PUT /question/status', async () => ({ id: await fresh.question(), close_type: 1 })],
      [
        'reopening',
        'PUT /question/reopen',
        async () => {
          const id = await fresh.question();
          await must('PUT', `${API}/question/status`, 'mod', { id, close_type: 1 });
          return { question_id: id };
        },
      ],
      ...(['pin', 'unpin', 'hide', 'show'] as const).map(
        (operation) =>
          [
            `operation ${operation}`,
            'PUT /question/operation',
            async () => {
              const id = await fresh.question();
              if (operation === 'unpin')
                await must('PUT', `${API}/question/operation`, 'mod', { id, operation: 'pin' });
              if (operation === 'show')
                await must('PUT', `${API}/question/operation`, 'mod', { id, operation: 'hide' });
              return { id, operation };
            },
          ] as const,
      ),
      [
        'recovering a question',
        'POST /question/recover',
        async () => {
          const id = await fresh.question();
          await must('DELETE', `${API}/question`, 'author', { id });
          return { question_id: id };
        },
      ],
      [
        'recovering an answer',
        'POST /answer/recover',
        async () => {
          const id = await fresh.answer(await fresh.question('mod'));
          await must('DELETE', `${API}/answer`, 'author', { id });
          return { answer_id: id };
        },
      ],
    ] as const
  ).map(
    ([name, route, body]): DenyRow => ({
      name: `${name} is for staff (even the asker with 100000)`,
      route,
      who: 'author',
      rep: 100000,
      input: async () => ({ body: await body() }),
      status: 403,
      msg: ROLE_ONLY,
    }),
  ),
];

describe('(3b) reputation, ownership and staff-only actions', () => {
  it.each(DENIED)('$route: $name → $status', async ({ route, who, rep, input, status, msg, data }) => {
    const request = await input();
    if (rep !== undefined) await setReputation(stack, users[who as keyof typeof users].id, rep);
    try {
      const response = await send(route, who, request);
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      if (status === 403) expect(response.body.reason).toBe('base.forbidden_error');
      if (msg !== undefined) expect(response.body.msg).toBe(msg);
      if (data !== undefined) expect(response.body.data).toEqual(data);
    } finally {
      if (rep !== undefined) await setReputation(stack, users[who as keyof typeof users].id, 1);
    }
  });

  /** The same requests succeed once the threshold is met exactly. */
  const THRESHOLDS = [
    {
      name: "editing another's question at 100 (goes to review)",
      route: 'PUT /question',
      rep: 100,
      input: async () => ({
        body: {
          id: await fresh.question(),
          title: 'A suggested better title',
          content: 'Suggested body.',
          tags: [{ slug_name: 'matrix' }],
        },
      }),
      data: { wait_for_review: true },
    },
    {
      name: "editing another's answer at 100 (goes to review)",
      route: 'PUT /answer',
      rep: 100,
      input: async () => ({
        body: { id: await fresh.answer(await fresh.question('mod')), content: 'A suggested better answer.' },
      }),
      data: { wait_for_review: true },
    },
    {
      name: "editing another's question at 1000 (applied at once)",
      route: 'PUT /question',
      rep: 1000,
      input: async () => ({
        body: {
          id: await fresh.question(),
          title: 'A directly better title',
          content: 'Better body.',
          tags: [{ slug_name: 'matrix' }],
        },
      }),
      data: { wait_for_review: false },
    },
    {
      name: "inviting to another's question at 500",
      route: 'PUT /question/invite',
      rep: 500,
      input: async () => ({ body: { id: await fresh.question(), invite_user: [users.other.username] } }),
      data: null,
    },
    {
      name: 'asking with a new tag at 750',
      route: 'POST /question',
      rep: 750,
      input: () => ({ body: questionBody({ tags: [{ slug_name: 'brand-new-750' }] }) }),
      data: undefined,
    },
  ];
  it.each(THRESHOLDS)('$route: $name', async ({ route, rep, input, data }) => {
    const request = await input();
    await setReputation(stack, users.climber.id, rep);
    try {
      const response = await send(route, 'climber', request);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      if (data === null) expect(response.body.data).toBeNull();
      else if (data !== undefined) expect(response.body.data).toMatchObject(data);
    } finally {
      await setReputation(stack, users.climber.id, 1);
    }
  });

  /** What the owner may not do, staff may (moderators deleting questions per docs/behaviour-decisions.md). */
  const STAFF_MAY: { name: string; route: string; who: Who; input: InputFn }[] = [
    {
      name: "a moderator deletes another's question",
      route: 'DELETE /question',
      who: 'mod',
      input: async () => ({ body: { id: await fresh.question() } }),
    },
    {
      name: "a moderator deletes another's answer",
      route: 'DELETE /answer',
      who: 'mod',
      input: async () => ({ body: { id: await fresh.answer(await fresh.question('mod'), 'other') } }),
    },
    {
      name: "a moderator deletes another's comment",
      route: 'DELETE /comment',
      who: 'mod',
      input: async () => ({ body: { comment_id: await fresh.comment(f.q1, 'other') } }),
    },
    {
      name: "a moderator accepts on another's question",
      route: 'POST /answer/acceptance',
      who: 'mod',
      input: async () => {
        const question = await fresh.question();
        return { body: { question_id: question, answer_id: await fresh.answer(question, 'other') } };
      },
    },
    {
      name: "an admin edits another's comment",
      route: 'PUT /comment',
      who: 'admin',
      input: async () => ({
        body: { comment_id: await fresh.comment(f.q1, 'other'), original_text: 'Edited by an admin.' },
      }),
    },
  ];
  it.each(STAFF_MAY)('$route: $name', async ({ route, who, input }) => {
    const response = await send(route, who, await input());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });
});
