import { describe, expect, it } from 'vitest';
import { approvedEditInput } from '../src/domain/ledger/inputs';
import { LedgerState, runLedger } from '../src/domain/ledger/ledger';
import { withFloor } from '../src/domain/ledger/rules';
import { LedgerWorld, type Post } from './support/ledger-world';

const posts: Post[] = [
  { id: 'q1', type: 'question', owner: 'asker', questionId: 'q1' },
  { id: 'a1', type: 'answer', owner: 'answerer', questionId: 'q1' },
  { id: 'a2', type: 'answer', owner: 'other', questionId: 'q1' },
  { id: 'a3', type: 'answer', owner: 'asker', questionId: 'q1' },
  { id: 'c1', type: 'comment', owner: 'answerer', questionId: 'q1' },
];
const voters = Array.from({ length: 30 }, (_, i) => `v${i}`);
const world = () => new LedgerWorld(['asker', 'answerer', 'other', ...voters], posts);

describe('reputation amounts', () => {
  it('question votes: +10 up and -2 down to the asker, nothing to the voter', () => {
    const w = world();
    w.vote('v1', 'q1', 'up');
    w.vote('v2', 'q1', 'up');
    w.vote('v3', 'q1', 'down');
    expect(w.rep('asker')).toBe(1 + 10 + 10 - 2);
    expect([w.rep('v1'), w.rep('v3')]).toEqual([1, 1]);
  });

  it('answer votes: +10 up; a down-vote costs the answerer 2 and the voter 1', () => {
    const w = world();
    w.ledger.reputations.set('v1', 50);
    w.vote('v2', 'a1', 'up');
    w.vote('v1', 'a1', 'down');
    expect(w.rep('answerer')).toBe(1 + 10 - 2);
    expect(w.rep('v1')).toBe(49);
  });

  it('comment up-votes are worth nothing to anyone', () => {
    const w = world();
    expect(w.vote('v1', 'c1', 'up')).toBe(true);
    expect(w.rep('answerer')).toBe(1);
    expect(w.changes.filter((c) => c.reason !== 'user.created')).toEqual([]);
  });

  it('accepting: +2 to the asker, +15 to the answerer; accepting one’s own answer is worth nothing', () => {
    const w = world();
    w.accept('q1', 'a1');
    expect([w.rep('asker'), w.rep('answerer')]).toEqual([3, 16]);
    w.accept('q1', 'a3');
    expect([w.rep('asker'), w.rep('answerer')]).toEqual([1, 1]);
  });

  it('changing the accepted answer moves the pair; unaccepting refunds it', () => {
    const w = world();
    w.accept('q1', 'a1');
    w.accept('q1', 'a2');
    expect([w.rep('asker'), w.rep('answerer'), w.rep('other')]).toEqual([3, 1, 16]);
    w.accept('q1', null);
    expect([w.rep('asker'), w.rep('other')]).toEqual([1, 1]);
    w.accept('q1', 'a1');
    expect([w.rep('asker'), w.rep('answerer')]).toEqual([3, 16]);
  });

  it('activation is worth 1, once in an account’s life', () => {
    const w = new LedgerWorld([], posts);
    w.activate('newcomer');
    w.activate('newcomer');
    expect(w.rep('newcomer')).toBe(1);
  });
});

describe('undo and switch give back exactly what was given', () => {
  it('up, up again with cancel: back where it started', () => {
    const w = world();
    w.vote('v1', 'a1', 'up');
    w.vote('v1', 'a1', 'up', true);
    expect(w.rep('answerer')).toBe(1);
  });

  it('up then down: the +10 is taken back before the -2 and the voter’s -1', () => {
    const w = world();
    w.ledger.reputations.set('v1', 200);
    w.ledger.reputations.set('answerer', 100);
    w.vote('v1', 'a1', 'up');
    w.vote('v1', 'a1', 'down');
    expect([w.rep('answerer'), w.rep('v1')]).toEqual([98, 199]);
    w.vote('v1', 'a1', 'down', true);
    expect([w.rep('answerer'), w.rep('v1')]).toEqual([100, 200]);
  });

  it('a vote undone and cast again counts once', () => {
    const w = world();
    w.vote('v1', 'q1', 'up');
    w.vote('v1', 'q1', 'up', true);
    w.vote('v1', 'q1', 'up');
    expect(w.rep('asker')).toBe(11);
  });
});

describe('floor and daily cap', () => {
  it('a loss stops at 1, and undoing it refunds only what it took', () => {
    const w = world();
    w.vote('v1', 'q1', 'down');
    expect(w.rep('asker')).toBe(1);
    w.vote('v1', 'q1', 'down', true);
    expect(w.rep('asker')).toBe(1);
  });

  it('the floor never turns a loss into a gain below 1', () => {
    expect(withFloor(0, -2)).toBe(0);
    expect(withFloor(1, -2)).toBe(0);
    expect(withFloor(2, -2)).toBe(-1);
    expect(withFloor(5, 3)).toBe(3);
  });

  it('vote gains stop once the day’s entries reach 200; the capped votes refund nothing', () => {
    const w = world();
    for (const voter of voters.slice(0, 25)) w.vote(voter, 'q1', 'up');
    expect(w.rep('asker')).toBe(1 + 200);
    for (const voter of voters.slice(0, 25)) w.vote(voter, 'q1', 'up', true);
    expect(w.rep('asker')).toBe(1);
  });

  it('losses of the day count against the cap, accepts are never capped, and a new day starts again', () => {
    const w = world();
    for (const voter of voters.slice(0, 19)) w.vote(voter, 'q1', 'up');
    w.vote('v19', 'q1', 'down');
    w.vote('v20', 'q1', 'up');
    w.vote('v21', 'q1', 'up');
    expect(w.rep('asker')).toBe(1 + 190 - 2 + 10 + 10);
    w.vote('v22', 'q1', 'up');
    w.accept('q1', 'a1');
    expect(w.rep('asker')).toBe(209 + 2);
    w.nextDay();
    w.vote('v23', 'q1', 'up');
    expect(w.rep('asker')).toBe(221);
  });
});

describe('deleting a post takes back what it earned; undeleting gives it back', () => {
  it('vote gains, losses and the voter’s cost are suspended and restored', () => {
    const w = world();
    w.ledger.reputations.set('v2', 10);
    w.vote('v1', 'a1', 'up');
    w.vote('v2', 'a1', 'down');
    expect([w.rep('answerer'), w.rep('v2')]).toEqual([9, 9]);
    w.remove('a1');
    expect([w.rep('answerer'), w.rep('v2')]).toEqual([1, 10]);
    w.restore('a1');
    expect([w.rep('answerer'), w.rep('v2')]).toEqual([9, 9]);
  });

  it('gives back exactly what was taken when the floor limited the taking', () => {
    const w = world();
    w.vote('v1', 'q1', 'up');
    w.vote('v1', 'a1', 'up');
    w.vote('v2', 'a3', 'down');
    w.vote('v3', 'a3', 'down');
    w.vote('v4', 'a3', 'down');
    w.vote('v5', 'a3', 'down');
    w.vote('v6', 'a3', 'down');
    expect(w.rep('asker')).toBe(1);
    w.remove('q1');
    expect(w.rep('asker')).toBe(1);
    w.remove('a3');
    expect(w.rep('asker')).toBe(11);
    w.restore('q1');
    expect(w.rep('asker')).toBe(11);
    w.restore('a3');
    expect(w.rep('asker')).toBe(1);
  });

  it('an accepted answer deleted loses the pair; accepting another meanwhile makes it stay lost', () => {
    const w = world();
    w.accept('q1', 'a1');
    w.remove('a1');
    expect([w.rep('asker'), w.rep('answerer')]).toEqual([1, 1]);
    w.accept('q1', 'a2');
    w.restore('a1');
    expect([w.rep('asker'), w.rep('answerer'), w.rep('other')]).toEqual([3, 1, 16]);
  });

  it('no votes on a deleted post; a question deleted closes its answers to votes too', () => {
    const w = world();
    w.remove('q1');
    expect(w.vote('v1', 'q1', 'up')).toBe(false);
    expect(w.vote('v1', 'a1', 'up')).toBe(false);
    w.restore('q1');
    expect(w.vote('v1', 'a1', 'up')).toBe(true);
  });

  it('an entry granted while its post is deleted waits for the post to return', () => {
    const state = new LedgerState();
    const at = '2026-12-01T10:00:00.000Z';
    runLedger({ kind: 'suspend', objectId: 'a1', at }, state);
    const grant = {
      kind: 'grant' as const,
      entryId: 'answer.voted_up:a1:v1',
      userId: 'answerer',
      reason: 'answer.voted_up' as const,
      objectId: 'a1',
      questionId: 'q1',
      triggerUserId: 'v1',
      at,
    };
    expect(runLedger(grant, state)).toMatchObject([{ delta: 0, entry_state: 'suspended', entry_amount: 10 }]);
    expect(runLedger({ kind: 'restore', objectId: 'a1', at }, state)).toMatchObject([
      { delta: 10, reputation: 10, entry_state: 'active' },
    ]);
  });
});

describe('the ledger itself', () => {
  it('every change carries the resulting reputation, and the changes sum to it', () => {
    const w = world();
    w.vote('v1', 'q1', 'up');
    w.vote('v2', 'a1', 'up');
    w.accept('q1', 'a1');
    w.vote('v1', 'q1', 'up', true);
    w.remove('a1');
    for (const user of ['asker', 'answerer']) {
      const mine = w.changes.filter((c) => c.user_id === user);
      let running = 0;
      for (const change of mine) {
        running += change.delta;
        expect(change.reputation).toBe(running);
      }
      expect(running).toBe(w.rep(user));
    }
  });

  it('an adjustment sets the value outright and is recorded even when nothing moves', () => {
    const state = new LedgerState();
    const at = '2026-12-01T10:00:00.000Z';
    expect(runLedger({ kind: 'adjust', userId: 'u', to: 150, at }, state)).toMatchObject([
      { delta: 150, reputation: 150, change: 'adjust', entry_id: '', entry_state: 'none' },
    ]);
    expect(runLedger({ kind: 'adjust', userId: 'u', to: 150, at }, state)).toMatchObject([{ delta: 0 }]);
  });
});

describe('approved edits', () => {
  it('give the editor +2 once per revision; edits applied without review give nothing', () => {
    const w = world();
    const edit = { question_id: 'q1', answer_id: 'a1', editor_id: 'v1', revision_id: 'r1', reviewer_id: 'mod' };
    w.run(approvedEditInput(edit, w.at()));
    w.run(approvedEditInput(edit, w.at()));
    w.run(approvedEditInput({ ...edit, revision_id: 'r2', reviewer_id: undefined }, w.at()));
    expect(w.rep('v1')).toBe(3);
    expect(w.changes.at(-1)).toMatchObject({ reason: 'edit.accepted', object_id: 'a1', trigger_user_id: 'mod' });
    w.remove('a1');
    expect(w.rep('v1')).toBe(1);
  });
});
