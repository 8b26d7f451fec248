import { BADGES } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { foldVotes, heldKey, type VoteInput, type VoteRuleState } from '../src/domain/rules/vote-fold';

const badge = (key: string) => BADGES.find((b) => b.key === key)!;
const fresh = (): VoteRuleState => ({
  versions: new Map(),
  upVotes: new Map(),
  heldForPosts: new Set(),
  firstUpvoteHolders: new Set(),
});
const versions = new Map<string, number>();
function vote(
  voter: string,
  objectId: string,
  kind: 'cast' | 'cancel' = 'cast',
  direction: 'up' | 'down' = 'up',
): VoteInput {
  const streamId = `vote-${voter}-${objectId}`;
  const version = (versions.get(streamId) ?? 0) + 1;
  versions.set(streamId, version);
  const objectType = objectId.startsWith('a') ? 'answer' : objectId.startsWith('c') ? 'comment' : 'question';
  return {
    streamId,
    version,
    kind,
    objectId,
    objectType,
    questionId: 'q1',
    voterId: voter,
    ownerId: 'author',
    direction,
  };
}
const earned = (result: ReturnType<typeof foldVotes>) =>
  result.intents.map(({ intent, at }) => [intent.badge.key, intent.userId, intent.awardKey, at]);

describe('the vote rules, given votes in order', () => {
  it('gives each up-voter "First Upvote" on their first up-vote, not on a down-vote, and not when held', () => {
    const state = fresh();
    state.firstUpvoteHolders.add('old-hand');
    const votes = [vote('v1', 'q1', 'cast', 'down'), vote('v2', 'c1'), vote('old-hand', 'q2')];
    expect(earned(foldVotes(state, votes))).toEqual([['first_upvote', 'v2', '', 1]]);
  });

  it('counts up-votes per post and names the badge at the event that reaches the threshold', () => {
    const state = fresh();
    state.firstUpvoteHolders = new Set(Array.from({ length: 12 }, (_, i) => `u${i}`));
    const votes = Array.from({ length: 11 }, (_, i) => vote(`u${i}`, 'a1'));
    const result = foldVotes(state, votes);
    expect(earned(result)).toEqual([
      ['nice_answer', 'author', 'a1', 9],
      ['nice_answer', 'author', 'a1', 10],
    ]);
    expect(state.upVotes.get('a1')).toBe(11);
    expect([...result.posts]).toEqual(['a1']);
  });

  it('takes a withdrawn up-vote off the count; down-votes and comments leave the counts alone', () => {
    const state = fresh();
    state.upVotes.set('q5', 10);
    const votes = [vote('x', 'q5', 'cancel'), vote('y', 'q5', 'cast', 'down'), vote('z', 'c9')];
    state.firstUpvoteHolders.add('z');
    const result = foldVotes(state, votes);
    expect(earned(result)).toEqual([]);
    expect(state.upVotes.get('q5')).toBe(9);
    expect(state.upVotes.has('c9')).toBe(false);
  });

  it('does not ask again for a per-post badge its author holds; the next level still comes', () => {
    const state = fresh();
    state.upVotes.set('q7', 24);
    state.heldForPosts.add(heldKey('q7', 'author', badge('nice_question')));
    state.firstUpvoteHolders.add('w');
    expect(earned(foldVotes(state, [vote('w', 'q7')]))).toEqual([['good_question', 'author', 'q7', 0]]);
  });

  it('counts an event of a stream once: a redelivery changes nothing and earns nothing', () => {
    const state = fresh();
    state.upVotes.set('a3', 9);
    state.firstUpvoteHolders.add('r');
    const once = vote('r', 'a3');
    expect(earned(foldVotes(state, [once]))).toEqual([['nice_answer', 'author', 'a3', 0]]);
    const again = foldVotes(state, [once]);
    expect(again.intents).toEqual([]);
    expect(again.streams.size).toBe(0);
    expect(state.upVotes.get('a3')).toBe(10);
  });

  it('decides the same however the votes are batched', () => {
    const votes = Array.from({ length: 30 }, (_, i) =>
      vote(`b${i % 13}`, i % 2 ? 'a8' : 'q8', i % 7 === 6 ? 'cancel' : 'cast'),
    );
    const whole = fresh();
    const all = earned(foldVotes(whole, votes));
    const split = fresh();
    const parts = [votes.slice(0, 7), votes.slice(7, 19), votes.slice(19)];
    let offset = 0;
    const pieces: unknown[] = [];
    for (const part of parts) {
      for (const row of earned(foldVotes(split, part)))
        pieces.push([row[0], row[1], row[2], (row[3] as number) + offset]);
      offset += part.length;
    }
    // Without awards made in between, each batch asks for the same awards at the same events.
    expect(pieces).toEqual(all);
    expect(split.upVotes).toEqual(whole.upVotes);
  });
});
