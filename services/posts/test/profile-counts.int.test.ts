/**
 * A profile's figures (`personal/user/info` question_count and answer_count): identity counts a member's
 * questions and answers from posts' events; a deleted post stops counting and counts again when undeleted.
 */
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postsService } from '../src/service';

const API = '/answer/api/v1';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
});

afterAll(async () => {
  await stack?.close();
});

async function ok(method: string, url: string, token?: string, body?: unknown) {
  const response = await stack.call(method, `${API}/${url}`, { token, body });
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
}

it('counts a member’s live questions and answers on the profile', async () => {
  const moderator = await createUser(stack, { roleId: Role.moderator, name: 'Counts Moderator' });
  const member = await createUser(stack, { name: 'Counts Member' });
  await stack.settle();
  const [moderatorToken, memberToken] = [await login(stack, moderator), await login(stack, member)];
  const figures = async () => {
    await stack.settle();
    const info = await ok('GET', `personal/user/info?username=${member.username}`);
    return [info.question_count, info.answer_count];
  };
  expect(await figures()).toEqual([0, 0]);

  const ask = (token: string, n: number) =>
    ok('POST', 'question', token, {
      title: `How are profile figures counted, case ${n}?`,
      content: 'From the events of posts, one at a time.',
      tags: [{ slug_name: 'counting' }],
    });
  const other = await ask(moderatorToken, 0);
  const first = await ask(memberToken, 1);
  await ask(memberToken, 2);
  await stack.settle();
  const answer = (await ok('POST', 'answer', memberToken, { question_id: other.id, content: 'Counted by identity.' }))
    .info.id;
  expect(await figures()).toEqual([2, 1]);

  await ok('DELETE', 'question', memberToken, { id: first.id });
  await ok('DELETE', 'answer', memberToken, { id: answer });
  expect(await figures()).toEqual([1, 0]);

  await ok('POST', 'question/recover', moderatorToken, { question_id: first.id });
  await ok('POST', 'answer/recover', moderatorToken, { answer_id: answer });
  expect(await figures()).toEqual([2, 1]);

  // Counted once per post however often posts' log is read: a rebuild from position zero gives the same figures.
  await stack.service('identity').projections.rebuild('member-posts');
  expect(await figures()).toEqual([2, 1]);
});
