import { createUser } from '@agora/test-support/accounts';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, member, rankOf, reputation, setPrivilegeLevel, signIn, startVotesStack, thread } from './support/stack';

const VOTERS = 200;

/** Waits out a busy machine: the ledger and every copy of reputation take in 200 votes. */
async function settled(stack: Stack) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await stack.settle();
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}
let stack: Stack;

beforeAll(async () => {
  stack = await startVotesStack();
  // Level 1: an up-vote needs 1 reputation, so fresh accounts can vote.
  await setPrivilegeLevel(stack, 1);
}, 300_000);
afterAll(async () => {
  await stack?.close();
});

describe('200 voters on one post at once', () => {
  it('end with the exact count and the exact reputation, and undo to exactly nothing', async () => {
    const owner = await member(stack, { name: 'Popular Asker' });
    const { question } = await thread(stack, owner);
    const voters = await Promise.all(
      Array.from({ length: VOTERS }, async (_, i) => {
        const user = await createUser(stack, { name: `Crowd ${i}` });
        return { ...user, token: await signIn(stack, user) };
      }),
    );
    await stack.settle();

    const press = (token: string, is_cancel: boolean) =>
      stack.call('POST', `${API}/vote/up`, { token, body: { object_id: question, is_cancel } });
    const cast = await Promise.all(voters.map((v) => press(v.token, false)));
    expect(cast.map((r) => r.status)).toEqual(voters.map(() => 200));
    expect(cast.every((r) => r.body.data.vote_status === 'vote_up')).toBe(true);
    // A first vote's reply counts its own vote and those its statement's snapshot saw: votes committing at the same
    // moment may be missing from it (docs/adr/0084-a-first-vote-in-one-statement.md); the stored count is exact.
    const replied = cast.map((r) => r.body.data.votes as number);
    expect(Math.min(...replied)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...replied)).toBeLessThanOrEqual(VOTERS);

    const [counts] = await stack.query(
      `select (select count(*)::int from votes.votes where object_id = $1) as votes,
              (select count(*)::int from votes.events where type = 'votes.vote_cast' and data->>'object_id' = $1) as events`,
      [question],
    );
    expect(counts).toEqual({ votes: VOTERS, events: VOTERS });
    // The daily cap: 20 votes of +10 reach 200; the other 180 are worth nothing.
    await settled(stack);
    expect(await reputation(stack, owner.id)).toBe(1 + 200);
    expect(Object.keys(await rankOf(stack, owner.id)).sort()).toEqual(['identity', 'posts', 'site', 'votes']);
    const [postsCount] = await stack.query('select vote_count from posts.questions where id = $1', [question]);
    expect(postsCount.vote_count).toBe(VOTERS);
    const entries = await stack.query(
      `select amount, count(*)::int as n from votes.ledger_entries where object_id = $1 and state = 'active'
       group by amount order by amount`,
      [question],
    );
    expect(entries).toEqual([{ amount: 10, n: 20 }]);

    const undone = await Promise.all(voters.map((v) => press(v.token, true)));
    expect(undone.every((r) => r.status === 200 && r.body.data.vote_status === '')).toBe(true);
    expect(Math.min(...undone.map((r) => r.body.data.votes))).toBe(0);
    await settled(stack);
    expect(await reputation(stack, owner.id)).toBe(1);
    const [after] = await stack.query('select vote_count from posts.questions where id = $1', [question]);
    expect(after.vote_count).toBe(0);
  }, 300_000);
});
