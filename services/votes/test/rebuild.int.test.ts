import { Role } from '@agora/contracts';
import { rebuildInlineReadModel } from '@agora/platform';
import { setReputation } from '@agora/test-support/accounts';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownReadModel } from '../src/projections/own-log';
import { member, ok, settleAround, startVotesStack, thread } from './support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startVotesStack();
});
afterAll(async () => {
  await stack?.close();
});

const SNAPSHOT: Record<string, string> = {
  votes: 'select * from votes.votes order by object_id, user_id',
  bookmarks: 'select * from votes.bookmarks order by object_id, user_id',
  reactions: 'select * from votes.reactions order by object_id, emoji, user_id',
  reputations: 'select * from votes.reputations order by user_id',
  entries: 'select * from votes.ledger_entries order by entry_id',
  questions: 'select * from votes.questions order by id',
  answers: 'select * from votes.answers order by id',
  comments: 'select * from votes.comments order by id',
  postCounts: `select id, vote_count, collection_count from posts.questions
               union all select id, vote_count, 0 from posts.answers
               union all select id, vote_count, 0 from posts.comments order by id`,
  ranks: `select 'identity' as copy, user_id, rank from identity.users
          union all select 'posts', user_id, rank from posts.actors
          union all select 'votes', user_id, rank from votes.actors order by copy, user_id`,
  events: 'select count(*)::int as n from votes.events',
};

async function snapshot() {
  await settleAround(stack);
  const result: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(SNAPSHOT)) result[name] = await stack.query(query);
  return result;
}

describe('votes read models and the reputation copies', () => {
  it('rebuilt from zero equal the live ones, and replaying the ledger’s inputs decides nothing twice', async () => {
    const moderator = await member(stack, { roleId: Role.moderator });
    const [asker, answerer, voter] = [await member(stack), await member(stack), await member(stack)];
    await setReputation(stack, voter.id, 300);
    await thread(stack, moderator);
    const { question, answer, comment } = await thread(stack, asker, answerer);
    const vote = (direction: string, object_id: string, is_cancel = false) =>
      ok(stack, 'POST', `vote/${direction}`, voter.token, { object_id, is_cancel });
    await vote('up', question);
    await vote('down', question);
    await vote('up', answer);
    await vote('up', comment);
    await vote('up', comment, true);
    await ok(stack, 'POST', 'collection/switch', voter.token, { object_id: question, group_id: '0' });
    await ok(stack, 'POST', 'collection/switch', answerer.token, { object_id: question, group_id: '0' });
    await ok(stack, 'POST', 'collection/switch', answerer.token, { object_id: question, group_id: '0' });
    const react = (who: { token: string }, object_id: string, emoji: string, reaction = 'activate') =>
      ok(stack, 'PUT', 'meta/reaction', who.token, { object_id, emoji, reaction });
    await react(voter, answer, 'heart');
    await react(voter, answer, 'smile');
    await react(asker, answer, 'heart');
    await react(voter, answer, 'smile', 'deactivate');
    await react(answerer, comment, 'frown');
    await ok(stack, 'POST', 'answer/acceptance', asker.token, { question_id: question, answer_id: answer });
    await ok(stack, 'DELETE', 'answer', moderator.token, { id: answer });
    await ok(stack, 'POST', 'answer/recover', moderator.token, { answer_id: answer });
    // An answer's entries under a deleted question: listed nowhere, and so after the rebuild.
    const deleted = await thread(stack, asker, answerer);
    await vote('up', deleted.answer);
    await ok(stack, 'DELETE', 'question', moderator.token, { id: deleted.question });
    const live = await snapshot();
    expect(live.entries).toContainEqual(expect.objectContaining({ object_id: deleted.answer, post_deleted: true }));
    expect(live.votes).toHaveLength(3);
    expect(live.reactions).toHaveLength(3);
    expect(live.entries?.length).toBeGreaterThan(3);

    const votes = stack.service('votes');
    for (let i = 0; i < 2; i++) await rebuildInlineReadModel(votes.context.database, ownReadModel);
    for (const name of ['post-facts', 'ledger-from-votes', 'ledger-from-posts', 'ledger-from-identity']) {
      await votes.projections.rebuild(name);
    }
    await stack.service('posts').projections.rebuild('vote-counts');
    await stack.service('posts').projections.rebuild('actor-reputation');
    await stack.service('posts').projections.rebuild('actors');
    await stack.service('identity').projections.rebuild('reputation');
    expect(await snapshot()).toEqual(live);
  });
});
