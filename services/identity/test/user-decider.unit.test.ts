import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { userDecider as decider, sessionRefusal, type UserCommand, type UserEvent } from '../src/domain/user/decider';

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
const activated: UserEvent = { type: 'identity.user_activated', data: { user_id: 'u1' } };
const deleted: UserEvent = { type: 'identity.user_deleted', data: { user_id: 'u1', remove_all_content: false } };
const revokeAll = (reason: string): UserEvent => ({
  type: 'identity.sessions_revoked',
  data: { user_id: 'u1', session_id: null, reason },
});

const given = givenWhen(decider);

describe('user decider', () => {
  it('registers a new account once', () => {
    expect(given().when({ type: 'register', registration: registered.data as never })).toEqual([registered]);
    expect(
      refusal(() => given(registered).when({ type: 'register', registration: registered.data as never })).status,
    ).toBe(400);
  });

  it('refuses every command on an account that does not exist', () => {
    expect(refusal(() => given().when({ type: 'activate' })).status).toBe(404);
  });

  it('activates once, and deactivates back', () => {
    expect(given(registered).when({ type: 'activate' })).toEqual([activated]);
    expect(given(registered, activated).when({ type: 'activate' })).toEqual([]);
    expect(given(registered, activated).when({ type: 'deactivate' })).toEqual([
      { type: 'identity.user_deactivated', data: { user_id: 'u1' } },
    ]);
  });

  it('ends every session when the password changes', () => {
    expect(given(registered).when({ type: 'change_password', by: 'admin' })).toEqual([
      { type: 'identity.password_changed', data: { user_id: 'u1', by: 'admin' } },
      revokeAll('password_changed'),
    ]);
  });

  it('changes the role only when it differs, ending sessions', () => {
    expect(given(registered).when({ type: 'change_role', roleId: 1 })).toEqual([]);
    expect(given(registered).when({ type: 'change_role', roleId: 3 })).toEqual([
      { type: 'identity.role_changed', data: { user_id: 'u1', role_id: 3, previous_role_id: 1 } },
      revokeAll('role_changed'),
    ]);
  });

  it('suspends until a time, and sessions may not start while it lasts', () => {
    const suspended: UserEvent = {
      type: 'identity.user_suspended',
      data: { user_id: 'u1', until: '2030-01-01T00:00:00.000Z' },
    };
    expect(given(registered).when({ type: 'suspend', until: '2030-01-01T00:00:00.000Z' })).toEqual([
      suspended,
      revokeAll('suspended'),
    ]);
    const until = new Date('2030-01-01T00:00:00.000Z');
    const refused = sessionRefusal(
      { status: 'suspended', suspended_until: until },
      new Date('2029-06-01T00:00:00.000Z'),
    );
    expect(refused?.status).toBe(403);
    expect(refused?.data).toEqual({ type: 'suspended' });
    expect(
      sessionRefusal({ status: 'suspended', suspended_until: until }, new Date('2030-06-01T00:00:00.000Z')),
    ).toBeUndefined();
    expect(sessionRefusal({ status: 'deleted', suspended_until: null }, new Date())?.status).toBe(404);
    expect(sessionRefusal({ status: 'normal', suspended_until: null }, new Date())).toBeUndefined();
  });

  it('reinstates a suspended, inactive account to normal and activated', () => {
    const suspended: UserEvent = {
      type: 'identity.user_suspended',
      data: { user_id: 'u1', until: '2099-12-31T23:59:59.000Z' },
    };
    expect(given(registered, suspended).when({ type: 'reinstate' })).toEqual([
      { type: 'identity.user_reinstated', data: { user_id: 'u1' } },
      activated,
    ]);
    expect(given(registered, activated).when({ type: 'reinstate' })).toEqual([]);
  });

  it('deletes for good: sessions end and the account accepts nothing more', () => {
    expect(given(registered).when({ type: 'delete', removeAllContent: true })).toEqual([
      { type: 'identity.user_deleted', data: { user_id: 'u1', remove_all_content: true } },
      revokeAll('deleted'),
    ]);
    for (const command of [
      { type: 'reinstate' },
      { type: 'activate' },
      { type: 'change_role', roleId: 2 },
    ] as UserCommand[]) {
      expect(refusal(() => given(registered, deleted).when(command)).status).toBe(404);
    }
  });

  it('mails link codes in the account language, and changes e-mail only when different', () => {
    const zh: UserEvent = {
      type: 'identity.interface_changed',
      data: { user_id: 'u1', language: 'zh_CN', color_scheme: 'dark' },
    };
    expect(
      given(registered, zh).when({
        type: 'request_account_email',
        kind: 'password_reset',
        email: 'ada@example.com',
        code: 'c',
        expiresAt: 'T',
      }),
    ).toEqual([
      {
        type: 'identity.account_email_requested',
        data: {
          user_id: 'u1',
          kind: 'password_reset',
          email: 'ada@example.com',
          language: 'zh_CN',
          display_name: 'Ada',
          code: 'c',
          expires_at: 'T',
        },
      },
    ]);
    expect(given(registered).when({ type: 'change_email', email: 'ada@example.com' })).toEqual([]);
    expect(given(registered).when({ type: 'change_email', email: 'new@example.com' })).toEqual([
      { type: 'identity.email_changed', data: { user_id: 'u1', email: 'new@example.com' } },
    ]);
  });
});
