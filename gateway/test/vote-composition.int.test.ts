import { Role } from '@agora/contracts';
import { setReputation } from '@agora/test-support/accounts';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, member, ok, startVotesStack, thread } from '../../services/votes/test/support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startVotesStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('gateway composition of the caller’s votes and bookmarks (DESIGN §2)', () => {
  it('adds vote_status and collected to question detail, vote_status to answers and is_vote to comments', async () => {
    const moderator = await member(stack, { roleId: Role.moderator });
    await thread(stack, moderator);
    const [asker, answerer, voter] = [await member(stack), await member(stack), await member(stack)];
    await setReputation(stack, voter.id, 200);
    const { question, answer, comment } = await thread(stack, asker, answerer);

    await ok(stack, 'POST', 'vote/up', voter.token, { object_id: question });
    await ok(stack, 'POST', 'vote/down', voter.token, { object_id: answer });
    await ok(stack, 'POST', 'vote/up', voter.token, { object_id: comment });
    await ok(stack, 'POST', 'collection/switch', voter.token, { object_id: question, group_id: '0' });
    await ok(stack, 'POST', 'collection/switch', voter.token, { object_id: answer, group_id: '0' });
    await stack.settle();

    const detail = await stack.call('GET', `${API}/question/info?id=${question}`, { token: voter.token });
    expect(detail.body).toMatchObject({ code: 200, reason: 'base.success', msg: 'Success.' });
    expect(detail.body.data).toMatchObject({
      id: question,
      vote_count: 1,
      vote_status: 'vote_up',
      collected: true,
      collection_count: 1,
    });
    const answers = await ok(
      stack,
      'GET',
      `answer/page?question_id=${question}&order=default&page=1&page_size=10`,
      voter.token,
    );
    expect(answers.list).toEqual([
      expect.objectContaining({ id: answer, vote_count: -1, vote_status: 'vote_down', collected: true }),
    ]);
    const comments = await ok(stack, 'GET', `comment/page?object_id=${question}`, voter.token);
    expect(comments.list).toEqual([expect.objectContaining({ comment_id: comment, vote_count: 1, is_vote: true })]);
    const single = await ok(stack, 'GET', `answer/info?id=${answer}`, voter.token);
    expect([single.info.vote_status, single.info.collected]).toEqual(['vote_down', true]);
    expect([single.question.vote_status, single.question.collected]).toEqual(['vote_up', true]);

    // Anybody else sees their own state: none for the asker, the defaults for anonymous callers.
    for (const token of [asker.token, undefined]) {
      expect(await ok(stack, 'GET', `question/info?id=${question}`, token)).toMatchObject({
        vote_status: '',
        collected: false,
        vote_count: 1,
      });
      const theirAnswers = await ok(stack, 'GET', `answer/page?question_id=${question}`, token);
      expect(theirAnswers.list[0]).toMatchObject({ vote_status: '', collected: false });
      const theirComments = await ok(stack, 'GET', `comment/page?object_id=${question}`, token);
      expect(theirComments.list[0].is_vote).toBe(false);
    }

    // Undoing shows at once.
    await ok(stack, 'POST', 'vote/up', voter.token, { object_id: question, is_cancel: true });
    expect((await ok(stack, 'GET', `question/info?id=${question}`, voter.token)).vote_status).toBe('');
  });

  it('leaves errors of the owning service untouched', async () => {
    const voter = await member(stack);
    const missing = await stack.call('GET', `${API}/question/info?id=10019999999999999999999`, { token: voter.token });
    expect([missing.status, missing.body.reason]).toEqual([404, 'base.not_found']);
    const bad = await stack.call('GET', `${API}/answer/page`, { token: voter.token });
    expect(bad.status).toBe(400);
  });
});
