import { Limits, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

// `comment/question` gives the first comments of a question and of each of its visible answers in one read: each
// post's exactly as `comment/page` gives it (docs/adr/0071-public-page-caching.md), which a question page relies on.
const API = '/answer/api/v1';
let stack: Stack;
let token: string;
/** Three members who answer (one answer each per question). */
let answerers: string[] = [];

async function call(method: string, route: string, body?: object, as = token) {
  const response = await stack.call(method, `${API}/${route}`, { token: as, ...(body ? { body } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

const anonymous = async (url: string) => {
  const response = await stack.gateway.inject({ method: 'GET', url: `${API}/${url}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const comment = (object_id: string, text: string) =>
  call('POST', 'comment', { object_id, original_text: text, mention_username_list: [] });

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  token = await login(stack, await createUser(stack, { roleId: Role.moderator }));
  const members = await Promise.all([1, 2, 3].map((n) => createUser(stack, { name: `Answerer ${n}` })));
  await stack.settle();
  answerers = await Promise.all(members.map((member) => login(stack, member)));
});

afterAll(async () => {
  await stack?.close();
});

describe('a question page’s first comments in one read', () => {
  it('gives each post’s first page as comment/page does, and leaves out deleted comments and answers', async () => {
    const question = await call('POST', 'question', {
      title: 'Which comments does the question page read at once',
      content: 'The body of a question with comments on every post.',
      tags: [{ slug_name: 'comments' }],
    });
    const answer = async (content: string, as: string) =>
      (await call('POST', 'answer', { question_id: question.id, content }, as)).info as { id: string };
    const first = await answer('A first answer with comments.', answerers[0] ?? token);
    const second = await answer('A second answer, with no comment.', answerers[1] ?? token);
    const third = await answer('A third answer, deleted soon.', answerers[2] ?? token);
    // More comments on the question than a first page holds, one of them deleted.
    const onQuestion = [];
    for (let n = 1; n <= Limits.pageSize.commentsFirstPage + 2; n += 1) {
      onQuestion.push(await comment(question.id, `Comment number ${n} on the question itself.`));
    }
    await call('DELETE', 'comment', { comment_id: onQuestion[0].comment_id });
    await comment(first.id, 'A comment on the first answer.');
    await comment(third.id, 'A comment on an answer that is deleted next.');
    await call('DELETE', 'answer', { id: third.id });
    await stack.settle();

    const all = await anonymous(`comment/question?question_id=${question.id}`);
    const byPost = new Map(all.list.map((page: { object_id: string }) => [page.object_id, page]));
    expect([...byPost.keys()].sort()).toEqual([question.id, first.id].sort());
    for (const post of [question.id, first.id, second.id]) {
      const page = await anonymous(
        `comment/page?object_id=${post}&page=1&page_size=${Limits.pageSize.commentsFirstPage}&query_cond=vote`,
      );
      const together = byPost.get(post) ?? { object_id: post, count: 0, list: [] };
      expect(together).toEqual({ object_id: post, ...page });
    }
    const questionPage = byPost.get(question.id) as { count: number; list: unknown[] };
    expect(questionPage.count).toBe(Limits.pageSize.commentsFirstPage + 1);
    expect(questionPage.list).toHaveLength(Limits.pageSize.commentsFirstPage);
  });
});
