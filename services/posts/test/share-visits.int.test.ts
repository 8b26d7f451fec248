import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser, login, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsFor, postsService } from '../src/service';

// Visits through a member's share link (`question/info?share=<username>`) are recorded
// with the views, as `posts.question_shares_visited`, which badges reads for "First Share".
const API = '/answer/api/v1';
let stack: Stack;
let sharer: TestUser;
let sharerToken: string;
let visitorToken: string;
let questionId: string;

const visits = async () => {
  await postsFor(stack.service('posts')).views.flush();
  const rows = await stack.query<{ data: { visits: { question_id: string; sharer_id: string }[] } }>(
    "select data from posts.events where type = 'posts.question_shares_visited' order by global_position",
  );
  return rows.flatMap((r) => r.data.visits);
};

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  const moderator = await createUser(stack, { roleId: Role.moderator });
  sharer = await createUser(stack, { name: 'Link Sharer' });
  const visitor = await createUser(stack, { name: 'Link Visitor' });
  await stack.settle();
  sharerToken = await login(stack, sharer);
  visitorToken = await login(stack, visitor);
  const asked = await stack.call('POST', `${API}/question`, {
    token: await login(stack, moderator),
    body: { title: 'Which link brought you here?', content: 'A shared one.', tags: [{ slug_name: 'sharing' }] },
  });
  questionId = asked.body.data.id;
});
afterAll(async () => {
  await stack?.close();
});

describe('question/info?share=', () => {
  it('records a visit through a member’s link once per visitor, and answers the question as without it', async () => {
    const shared = await stack.call('GET', `${API}/question/info?id=${questionId}&share=${sharer.username}`, {
      token: visitorToken,
    });
    const plain = await stack.call('GET', `${API}/question/info?id=${questionId}`, { token: visitorToken });
    expect(shared.status).toBe(200);
    expect({ ...shared.body.data, view_count: 0 }).toEqual({ ...plain.body.data, view_count: 0 });
    await stack.call('GET', `${API}/question/info?id=${questionId}&share=${sharer.username.toUpperCase()}`, {
      token: visitorToken,
    });
    // Anonymous visitors count, by address.
    await stack.call('GET', `${API}/question/info?id=${questionId}&share=${sharer.username}`);
    expect(await visits()).toEqual([{ question_id: questionId, sharer_id: sharer.id }]);
  });

  it('counts nothing for the sharer’s own visit, an unknown sharer, or a question that does not exist', async () => {
    const before = (await visits()).length;
    await stack.call('GET', `${API}/question/info?id=${questionId}&share=${sharer.username}`, { token: sharerToken });
    await stack.call('GET', `${API}/question/info?id=${questionId}&share=nobody-at-all`, { token: visitorToken });
    const missing = await stack.call(
      'GET',
      `${API}/question/info?id=10010000000000000000001&share=${sharer.username}`,
      {
        token: visitorToken,
      },
    );
    expect(missing.status).toBe(404);
    expect((await visits()).length).toBe(before);
  });

  it('refuses a share that cannot be a username with a field error', async () => {
    const response = await stack.call('GET', `${API}/question/info?id=${questionId}&share=${'x'.repeat(31)}`);
    expect(response.status).toBe(400);
    expect(response.body.data[0].error_field).toBe('share');
  });
});
