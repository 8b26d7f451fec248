import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Action, action, play, USERS } from './support/ledger-model';

/**
 * Property: any sequence of votes, undos, switches, accepts, unaccepts, deletes and undeletes leaves every
 * user with the reputation that the reputation rules give when applied one by one in that order,
 * never below 1, with the ledger's changes summing to it.
 */
describe('reputation ledger (property)', () => {
  it('equals the rules applied in order, never falls below 1, and its changes sum to it', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 10, maxLength: 200, size: 'max' }), (actions) => {
        const { world, model } = play(actions);
        for (const user of USERS) {
          const reputation = world.rep(user);
          expect(reputation).toBe(model.rep.get(user));
          expect(reputation).toBeGreaterThanOrEqual(1);
          const changes = world.changes.filter((c) => c.user_id === user);
          expect(changes.reduce((sum, c) => sum + c.delta, 0)).toBe(reputation);
          let running = 0;
          for (const change of changes) {
            running += change.delta;
            expect(change.reputation).toBe(running);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reaches the daily cap in some runs (the property covers it)', () => {
    const votes: Action[] = USERS.slice(1).flatMap((_, i) => [
      { type: 'vote', voter: i + 1, post: 0, up: true, cancel: false },
      { type: 'vote', voter: i + 1, post: 3, up: true, cancel: false },
    ]);
    const { world, model } = play(votes);
    expect(world.rep('u0')).toBe(201);
    expect(model.rep.get('u0')).toBe(201);
  });
});
