import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import {
  type Direction,
  voteDecider as decider,
  type VoteCommand,
  type VoteEvent,
  type VoteTarget,
} from '../src/domain/vote/decider';

const question: VoteTarget = {
  objectId: 'q1',
  objectType: 'question',
  questionId: 'q1',
  ownerId: 'owner',
  deleted: false,
};
const given = givenWhen(decider);
const allowed = { allowed: true, needed: 8 };

const vote = (direction: Direction, options: Partial<VoteCommand> = {}): VoteCommand => ({
  type: 'vote',
  voterId: 'voter',
  direction,
  cancel: false,
  target: question,
  permission: allowed,
  ...options,
});
const press = (direction: Direction, cancel = false) => vote(direction, { cancel });
const event = (type: VoteEvent['type'], direction: Direction, target = question): VoteEvent =>
  ({
    type,
    data: {
      object_id: target.objectId,
      object_type: target.objectType,
      question_id: target.questionId,
      user_id: 'voter',
      owner_id: target.ownerId,
      direction,
    },
  }) as VoteEvent;
const cast = (direction: Direction) => event('votes.vote_cast', direction);
const cancelled = (direction: Direction) => event('votes.vote_cancelled', direction);

describe('vote decider: toggle paths', () => {
  it('up on a post not voted casts an up-vote', () => {
    expect(given().when(press('up'))).toEqual([cast('up')]);
  });

  it('down on a post not voted casts a down-vote', () => {
    expect(given().when(press('down'))).toEqual([cast('down')]);
  });

  it('up again without is_cancel changes nothing (a repeated request)', () => {
    expect(given(cast('up')).when(press('up'))).toEqual([]);
  });

  it('up again with is_cancel undoes the up-vote', () => {
    expect(given(cast('up')).when(press('up', true))).toEqual([cancelled('up')]);
  });

  it('down then cancel undoes the down-vote', () => {
    expect(given(cast('down')).when(press('down', true))).toEqual([cancelled('down')]);
  });

  it('up then down cancels the up-vote first, then casts the down-vote', () => {
    expect(given(cast('up')).when(press('down'))).toEqual([cancelled('up'), cast('down')]);
  });

  it('down then up cancels the down-vote first, then casts the up-vote', () => {
    expect(given(cast('down')).when(press('up'))).toEqual([cancelled('down'), cast('up')]);
  });

  it('is_cancel with no active vote changes nothing', () => {
    expect(given().when(press('up', true))).toEqual([]);
    expect(given(cast('up'), cancelled('up')).when(press('up', true))).toEqual([]);
  });

  it('is_cancel of the other direction leaves the active vote alone', () => {
    expect(given(cast('down')).when(press('up', true))).toEqual([]);
  });

  it('voting again after an undo casts a new vote', () => {
    expect(given(cast('up'), cancelled('up')).when(press('up'))).toEqual([cast('up')]);
  });

  it('a switch leaves exactly one vote standing', () => {
    const state = [cast('up'), cancelled('up'), cast('down')].reduce(decider.evolve, decider.initialState());
    expect(state).toEqual({ direction: 'down' });
  });
});

describe('vote decider: refusals', () => {
  it('refuses a vote on a deleted post, also its undo', () => {
    const deleted = { ...question, deleted: true };
    for (const command of [vote('up', { target: deleted }), vote('up', { target: deleted, cancel: true })]) {
      const error = refusal(() => given(cast('up')).when(command));
      expect([error.status, error.reason]).toEqual([400, 'error.object.already_deleted']);
    }
  });

  it("refuses a vote on one's own post", () => {
    const error = refusal(() => given().when(vote('up', { voterId: 'owner' })));
    expect([error.status, error.reason, error.messageKey]).toEqual([
      400,
      'error.object.disallow_vote_your_self',
      'error.object.disallow_vote_your_self',
    ]);
  });

  it('refuses a down-vote on a comment; an up-vote on one is fine', () => {
    const comment: VoteTarget = { ...question, objectId: 'c1', objectType: 'comment' };
    const error = refusal(() => given().when(vote('down', { target: comment })));
    expect([error.status, error.reason]).toEqual([400, 'error.object.disallow_vote']);
    expect(given().when(vote('up', { target: comment }))).toEqual([event('votes.vote_cast', 'up', comment)]);
  });

  it('refuses a vote without the privilege, with the reputation it takes', () => {
    const error = refusal(() => given().when(vote('down', { permission: { allowed: false, needed: 125 } })));
    expect([error.status, error.reason, error.messageKey, error.messageParams]).toEqual([
      403,
      'error.rank.no_enough_rank_to_operate',
      'error.rank.not_enough',
      { rank: 125 },
    ]);
  });

  it('refuses switching direction without the privilege of the new one, keeping the old vote', () => {
    expect(() => given(cast('up')).when(vote('down', { permission: { allowed: false, needed: 125 } }))).toThrow();
  });

  it('lets a voter undo a vote without the privilege (their reputation may have fallen since)', () => {
    expect(given(cast('up')).when(vote('up', { cancel: true, permission: { allowed: false, needed: 8 } }))).toEqual([
      cancelled('up'),
    ]);
  });

  it('does not ask for the privilege when the vote already stands', () => {
    expect(given(cast('up')).when(vote('up', { permission: { allowed: false, needed: 8 } }))).toEqual([]);
  });
});
