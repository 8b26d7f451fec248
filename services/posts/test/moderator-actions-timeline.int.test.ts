/**
 * Every moderator action on a question and its answers is on the question's (or answer's) timeline with who did
 * it, when and why (issue 20 item 5): close with a reason and a remark (the reason named in the reader's
 * language), reopen, pin and unpin, hide and show, delete and undelete, an answer's delete and undelete.
 */
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

const API = '/answer/api/v1';
let stack: Stack;
let moderatorId = '';
let moderatorToken = '';
let askerToken = '';
let questionId = '';
let answerId = '';

interface TimelineRow {
  activity_type: string;
  comment: string;
  created_at: number;
  object_id: string;
  user_info: { id: string };
}

async function ok(method: string, url: string, token: string, body?: unknown) {
  const response = await stack.call(method, `${API}/${url}`, { token, body });
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
}

async function timeline(objectId: string, language = 'en_US'): Promise<TimelineRow[]> {
  const response = await stack.call('GET', `${API}/activity/timeline?object_id=${objectId}`, {
    token: moderatorToken,
    headers: { 'accept-language': language },
  });
  expect(response.status).toBe(200);
  return response.body.data.timeline;
}

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  const moderator = await createUser(stack, { roleId: Role.moderator, name: 'Actions Moderator' });
  const asker = await createUser(stack, { name: 'Actions Asker' });
  await stack.settle();
  moderatorId = moderator.id;
  moderatorToken = await login(stack, moderator);
  askerToken = await login(stack, asker);
  questionId = (
    await ok('POST', 'question', moderatorToken, {
      title: 'What does a moderator leave on the timeline?',
      content: 'Every action, with who and why.',
      tags: [{ slug_name: 'moderation' }],
    })
  ).id;
  answerId = (await ok('POST', 'answer', askerToken, { question_id: questionId, content: 'All of it, in order.' })).info
    .id;
});

afterAll(async () => {
  await stack?.close();
});

describe("moderator actions on the question's timeline", () => {
  it('records each action as the moderator, newest first, the close with its reason and remark', async () => {
    const before = Math.floor(Date.now() / 1000);
    await ok('PUT', 'question/status', moderatorToken, {
      id: questionId,
      close_type: 63,
      close_msg: 'Ask this on the *product* forum.',
    });
    await ok('PUT', 'question/reopen', moderatorToken, { question_id: questionId });
    for (const operation of ['pin', 'unpin', 'hide', 'show']) {
      await ok('PUT', 'question/operation', moderatorToken, { id: questionId, operation });
    }
    await ok('DELETE', 'answer', moderatorToken, { id: answerId });
    await ok('POST', 'answer/recover', moderatorToken, { answer_id: answerId });
    await ok('DELETE', 'question', moderatorToken, { id: questionId });
    await ok('POST', 'question/recover', moderatorToken, { question_id: questionId });

    const rows = await timeline(questionId);
    const staffRows = rows.filter((row) => row.object_id === questionId && row.activity_type !== 'asked');
    expect(staffRows.map((row) => row.activity_type)).toEqual([
      'undeleted',
      'deleted',
      'show',
      'hide',
      'unpin',
      'pin',
      'reopened',
      'closed',
    ]);
    for (const row of staffRows) {
      expect(row.user_info.id).toBe(moderatorId);
      expect(row.created_at).toBeGreaterThanOrEqual(before);
    }
    const closed = staffRows.find((row) => row.activity_type === 'closed');
    expect(closed?.comment).toContain('<strong>a community-specific reason</strong>');
    expect(closed?.comment).toContain('<em>product</em>');

    const ofAnswer = await timeline(answerId);
    expect(ofAnswer.map((row) => [row.activity_type, row.user_info.id])).toEqual([
      ['undeleted', moderatorId],
      ['deleted', moderatorId],
      ['answered', expect.any(String)],
    ]);
  });

  it('names the close reason in the reader’s language', async () => {
    const closed = (await timeline(questionId, 'zh_CN')).find((row) => row.activity_type === 'closed');
    expect(closed?.comment).toMatch(/<strong>[^<]*[\u4e00-\u9fff][^<]*<\/strong>/);
    expect(closed?.comment).toContain('<em>product</em>');
  });
});
