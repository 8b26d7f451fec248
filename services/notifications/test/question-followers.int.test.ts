import { Role } from '@agora/contracts';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, answer, ask, comment, inbox, type Member, member, startWorld } from './support/world';

/** A question's followers (`POST follow` with its id, in posts) hear what happens to it. */

let stack: Stack;
let asker: Member;
let answerer: Member;
let fan: Member;
let admin: Member;

beforeAll(async () => {
  stack = await startWorld();
  admin = await member(stack, { name: 'Admin', roleId: Role.admin });
  asker = await member(stack, { name: 'Asker' });
  answerer = await member(stack, { name: 'Answerer' });
  fan = await member(stack, { name: 'Fan' });
});

afterAll(async () => {
  await stack?.close();
});

const follow = (who: Member, questionId: string, cancel = false) =>
  act(stack, 'POST', 'follow', who.token, { object_id: questionId, is_cancel: cancel });

/** A member's inbox as [action, translated action, object type] rows, oldest first. */
async function heard(who: Member, headers?: Record<string, string>) {
  await stack.settle();
  const params = new URLSearchParams({ type: 'inbox', inbox_type: 'all', page_size: '100' });
  const response = await stack.call('GET', `/answer/api/v1/notification/page?${params}`, { token: who.token, headers });
  return (response.body.data.list as any[])
    .map((n) => [n.action, n.notification_action, n.object_info.object_type])
    .reverse();
}

describe('question followers', () => {
  it('hear of answers, question edits, answer edits, acceptance and comments on the question, in their own words', async () => {
    const q = await ask(stack, asker, 'A question its followers keep an eye on');
    await follow(fan, q);
    // The answerer follows too, and is never told of their own answer.
    await follow(answerer, q);
    const a = await answer(stack, answerer, q);
    await act(stack, 'PUT', 'question', asker.token, {
      id: q,
      title: 'A question its followers keep an eye on, edited',
      content: 'Body of the question, edited by its asker.',
      tags: [{ slug_name: 'notify' }],
    });
    await act(stack, 'PUT', 'answer', answerer.token, { id: a, content: 'The answer, edited by its author.' });
    await act(stack, 'POST', 'answer/acceptance', asker.token, { question_id: q, answer_id: a });
    await comment(stack, asker, q, 'A comment on the question itself.');
    await comment(stack, asker, a, 'A comment under the answer, which followers are spared.');

    expect(await heard(fan)).toEqual([
      ['followed_question_answered', 'answered a question you follow', 'answer'],
      ['followed_question_edited', 'edited a question you follow', 'question'],
      ['followed_question_answer_edited', 'edited an answer to a question you follow', 'answer'],
      ['followed_question_answer_accepted', 'accepted an answer to a question you follow', 'answer'],
      ['followed_question_commented', 'commented on a question you follow', 'comment'],
    ]);
    expect(await heard(fan, { 'accept-language': 'zh-CN' })).toContainEqual([
      'followed_question_answered',
      '回答了你关注的问题',
      'answer',
    ]);
    // The answerer hears each thing once, as the one it is about; the asker as the asker, never as a follower.
    expect((await heard(answerer)).map(([action]) => action)).toEqual([
      'followed_question_edited',
      'accept_answer',
      'followed_question_commented',
      'comment_answer',
    ]);
    expect((await heard(asker)).map(([action]) => action)).toEqual(['answer_the_question', 'update_answer']);
  });

  it('stop hearing once they unfollow, and are not told twice when they already hear as the asker', async () => {
    const q = await ask(stack, asker, 'A question followed for a while only');
    await follow(fan, q);
    await follow(asker, q);
    await answer(stack, answerer, q);
    await follow(fan, q, true);
    await answer(stack, admin, q, 'A later answer the former follower does not hear of.');
    const fanHeard = (await heard(fan)).filter(([action]) => action === 'followed_question_answered');
    // One from the first test's question, one from this one's first answer.
    expect(fanHeard).toHaveLength(2);
    const askerOnThis = (await inbox(stack, asker)).list.filter((n) => n.object_info.object_map.question === q);
    expect(askerOnThis.map((n) => [n.action, n.count])).toEqual([['answer_the_question', 2]]);
  });
});
