import { Role } from '@agora/contracts';
import { setReputation } from '@agora/test-support/accounts';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, ok, settleAround, startVotesStack, thread } from './support/stack';

let stack: Stack;
/** Connections votes took from its pool: one per query or transaction. */
let votesQueries = 0;

beforeAll(async () => {
  stack = await startVotesStack();
  // A moderator brings the tag into use, so that members may use it.
  await thread(stack, await member(stack, { roleId: Role.moderator }));
  stack.service('votes').context.database.pool.on('acquire', () => {
    votesQueries += 1;
  });
});
afterAll(async () => {
  await stack?.close();
});

/** The queries votes made while `read` ran. */
async function queriesOf(read: () => Promise<unknown>) {
  const before = votesQueries;
  await read();
  return votesQueries - before;
}

describe('the profile tabs votes keeps', () => {
  it('answers a repeated read without a query, and shows a vote, a bookmark and a deleted post on the next one', async () => {
    const [asker, answerer, caster] = [await member(stack), await member(stack), await member(stack)];
    await setReputation(stack, caster.id, 200);
    const first = await thread(stack, asker, answerer);
    const second = await thread(stack, asker);
    const tabs = {
      rank: () => ok(stack, 'GET', `personal/rank/page?username=${asker.username}`),
      votes: () => ok(stack, 'GET', 'personal/vote/page', caster.token),
      bookmarks: () => ok(stack, 'GET', 'personal/collection/page', caster.token),
    };
    const all = async () => ({
      rank: await tabs.rank(),
      votes: await tabs.votes(),
      bookmarks: await tabs.bookmarks(),
    });

    /** The caster up-votes and bookmarks a question, and the ledger and every copy hear of it. */
    const voteAndBookmark = async (question: string) => {
      await ok(stack, 'POST', 'vote/up', caster.token, { object_id: question });
      await ok(stack, 'POST', 'collection/switch', caster.token, {
        object_id: question,
        group_id: '0',
        bookmark: true,
      });
      await settleAround(stack);
    };

    await voteAndBookmark(first.question);
    const before = await all();
    expect([before.rank.count, before.votes.count, before.bookmarks.count]).toEqual([1, 1, 1]);
    // A commit's own announcement comes back a moment later and empties the cache once; then every tab is kept.
    for (const read of Object.values(tabs)) await expect.poll(() => queriesOf(read)).toBe(0);
    // Another member's cached page is their own: a stranger asking the caster's tabs reads their own.
    expect((await ok(stack, 'GET', 'personal/vote/page', asker.token)).count).toBe(0);

    await voteAndBookmark(second.question);
    const after = await all();
    expect([after.rank.count, after.votes.count, after.bookmarks.count]).toEqual([2, 2, 2]);
    expect(after.bookmarks.list[0].vote_count).toBe(1);

    // A deleted post leaves every tab at once, though nothing of the member's own changed.
    await ok(stack, 'DELETE', 'question', asker.token, { id: second.question });
    await settleAround(stack);
    const deleted = await all();
    expect([deleted.rank.count, deleted.votes.count, deleted.bookmarks.count]).toEqual([1, 1, 1]);
    expect(deleted.bookmarks.list.map((q: { id: string }) => q.id)).toEqual([first.question]);
  });

  it('reads a renamed member’s history by the new name, and the old one is nobody’s', async () => {
    const renamed = await member(stack);
    const oldName = renamed.username;
    expect((await ok(stack, 'GET', `personal/rank/page?username=${oldName}`)).count).toBe(0);
    const newName = `renamed${Math.random().toString(36).slice(2, 8)}`;
    await ok(stack, 'PUT', 'user/info', renamed.token, { username: newName, display_name: 'Renamed Member' });
    await settleAround(stack);
    expect((await stack.call('GET', `/answer/api/v1/personal/rank/page?username=${oldName}`)).status).toBe(404);
    expect((await ok(stack, 'GET', `personal/rank/page?username=${newName}`)).count).toBe(0);
  });
});
