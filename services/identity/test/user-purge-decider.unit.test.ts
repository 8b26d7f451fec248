import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { type UserCommand, type UserEvent, userDecider } from '../src/domain/user/decider';

const registered: UserEvent = {
  type: 'identity.user_registered',
  data: {
    user_id: 'u1',
    username: 'ada',
    display_name: 'Ada',
    email: 'ada@example.com',
    role_id: 1,
    mail_status: 2,
    language: 'en_US',
    rank: 0,
    created_by: 'self',
  },
};
const deleted: UserEvent = { type: 'identity.user_deleted', data: { user_id: 'u1', remove_all_content: false } };
const purged: UserEvent = { type: 'identity.user_purged', data: { user_id: 'u1', actor_id: 'admin' } };
const purge: UserCommand = { type: 'purge', actorId: 'admin' };
const given = givenWhen(userDecider);

describe('purging a member', () => {
  it('purges a deleted account', () => {
    expect(given(registered, deleted).when(purge)).toEqual([purged]);
  });

  it('does nothing to an account that is not deleted, and purges once', () => {
    expect(given(registered).when(purge)).toEqual([]);
    expect(given(registered, deleted, purged).when(purge)).toEqual([]);
  });

  it('refuses an account that does not exist, and every change of a purged one', () => {
    expect(refusal(() => given().when(purge)).status).toBe(404);
    expect(refusal(() => given(registered, deleted, purged).when({ type: 'activate' })).status).toBe(404);
  });
});
