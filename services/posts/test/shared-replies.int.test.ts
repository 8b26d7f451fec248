import { Role, translate } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postsFor, postsService } from '../src/service';

// Replies that are the same for every anonymous visitor are kept as serialised bytes (shared-replies.ts);
// these hold them to what the route's own serialiser sends a member.
const API = '/answer/api/v1';
let stack: Stack;
let memberToken: string;
let questionId: string;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  const moderator = await createUser(stack, { roleId: Role.moderator });
  const member = await createUser(stack, { name: 'Plain Member' });
  await stack.settle();
  const moderatorToken = await login(stack, moderator);
  memberToken = await login(stack, member);
  const asked = await stack.call('POST', `${API}/question`, {
    token: moderatorToken,
    body: {
      title: 'What do anonymous visitors see?',
      content: 'The same as **everyone**.',
      tags: [{ slug_name: 'bytes' }],
    },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  questionId = asked.body.data.id;
  const answered = await stack.call('POST', `${API}/answer`, {
    token: moderatorToken,
    body: { question_id: questionId, content: 'Exactly the same bytes.' },
  });
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
});

afterAll(async () => {
  await stack?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await stack.gateway.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return { type: response.headers['content-type'], body: response.json() };
}

const withoutActions = (item: Record<string, unknown>) => ({ ...item, member_actions: undefined });

describe('shared replies', () => {
  it('send an anonymous visitor what the route sends a member, less the actions offered to the member', async () => {
    const info = `${API}/question/info?id=${questionId}`;
    const answers = `${API}/answer/page?question_id=${questionId}&order=default&page=1&page_size=999`;
    for (const url of [info, answers]) {
      const member = await get(url, { authorization: memberToken });
      await get(url); // fills the cache
      const anonymous = await get(url);
      expect(anonymous.type).toBe(member.type);
      expect(anonymous.body.msg).toBe(member.body.msg);
      const items = (reply: { body: { data: { list?: Record<string, unknown>[] } } }) =>
        (reply.body.data.list ?? [reply.body.data as Record<string, unknown>]).map(withoutActions);
      expect(items(anonymous)).toEqual(items(member));
      expect(items(anonymous).length).toBeGreaterThan(0);
    }
  });

  it('answer each language in its own words from the same cached page', async () => {
    const list = `${API}/question/page?order=newest&page=1&page_size=20`;
    const english = await get(list, { 'accept-language': 'en-US' });
    const chinese = await get(list, { 'accept-language': 'zh-CN' });
    expect(english.body.msg).toBe(translate('en_US', english.body.reason));
    expect(chinese.body.msg).toBe(translate('zh_CN', chinese.body.reason));
    expect(chinese.body.msg).not.toBe(english.body.msg);
    expect(chinese.body.data).toEqual(english.body.data);
    expect((await get(list, { 'accept-language': 'en-US' })).body.msg).toBe(english.body.msg);
  });

  it('show an anonymous visitor a new answer on the very next read', async () => {
    const answers = `${API}/answer/page?question_id=${questionId}&order=default&page=1&page_size=999`;
    const before = (await get(answers)).body.data.count;
    expect((await get(answers)).body.data.count).toBe(before);
    const posted = await stack.call('POST', `${API}/answer`, {
      token: memberToken,
      body: { question_id: questionId, content: 'A second answer, from a member.' },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const after = (await get(answers)).body.data;
    expect(after.count).toBe(before + 1);
    expect(after.list.map((a: { id: string }) => a.id)).toContain(posted.body.data.info.id);
  });
});

describe('answer pages for members', () => {
  it('are one cached page for every member but the authors of deleted answers, who also see theirs', async () => {
    const author = await createUser(stack, { name: 'Deleting Author' });
    const others = [await createUser(stack), await createUser(stack)];
    await stack.settle();
    const authorToken = await login(stack, author);
    const otherTokens = await Promise.all(others.map((u) => login(stack, u)));
    const posted = await stack.call('POST', `${API}/answer`, {
      token: authorToken,
      body: { question_id: questionId, content: 'An answer its author deletes.' },
    });
    const deletedId = posted.body.data.info.id;
    expect((await stack.call('DELETE', `${API}/answer`, { token: authorToken, body: { id: deletedId } })).status).toBe(
      200,
    );

    const answers = `${API}/answer/page?question_id=${questionId}&order=default&page=1&page_size=999`;
    const reads = postsFor(stack.service('posts')).reads;
    const keys = vi.spyOn(reads, 'cached');
    const ids = async (token: string) =>
      (await get(answers, { authorization: token })).body.data.list.map((a: { id: string }) => a.id) as string[];
    const seenByOthers = await Promise.all(otherTokens.map(ids));
    const seenByAuthor = await ids(authorToken);
    const pageKeys = keys.mock.calls.map(([key]) => key).filter((key) => key.startsWith('["answers"'));
    keys.mockRestore();

    expect(seenByOthers[0]).not.toContain(deletedId);
    expect(seenByOthers[1]).toEqual(seenByOthers[0]);
    expect(seenByAuthor).toEqual(expect.arrayContaining([...seenByOthers[0]!, deletedId]));
    expect(pageKeys).toHaveLength(3);
    expect(pageKeys[0]).toContain('"public"');
    expect(pageKeys[1]).toBe(pageKeys[0]);
    expect(pageKeys[2]).toContain(`"user:${author.id}"`);
  });
});
