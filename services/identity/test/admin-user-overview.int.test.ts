import { MailStatus, Role } from '@agora/contracts';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';

/** `GET admin/api/user?user_id=`: the admin's overview of one member, for admins only. */

const ADMIN = '/answer/admin/api';
let stack: Stack;
let admin: string;

beforeAll(async () => {
  stack = await startStack({ services: [identityService] });
  admin = await login(stack, await createUser(stack, { roleId: Role.admin }));
});

afterAll(async () => {
  await stack?.close();
});

describe("a member's overview", () => {
  it('answers the profile facts, status, role and activity counts', async () => {
    const member = await createUser(stack, { name: 'Overview Member' });
    const token = await login(stack, member);
    await stack.call('PUT', '/answer/api/v1/user/info', {
      token,
      body: {
        display_name: 'Overview Member',
        username: member.username,
        avatar: { type: 'system' },
        bio: 'Writes about databases.',
        website: 'https://member.example.com',
        location: 'Lisbon',
      },
    });
    const reply = await stack.call('GET', `${ADMIN}/user?user_id=${member.id}`, { token: admin });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      user_id: member.id,
      username: member.username,
      display_name: 'Overview Member',
      e_mail: member.email,
      role_id: Role.user,
      role_name: 'User',
      status: 'normal',
      mail_status: MailStatus.activated,
      bio: 'Writes about databases.',
      location: 'Lisbon',
      question_count: 0,
      answer_count: 0,
    });
    expect(reply.body.data.last_login_at).toBeGreaterThan(0);

    await stack.call('PUT', `${ADMIN}/user/status`, {
      token: admin,
      body: { user_id: member.id, status: 'suspended', suspend_duration: '7d' },
    });
    const suspended = await stack.call('GET', `${ADMIN}/user?user_id=${member.id}`, { token: admin });
    expect(suspended.body.data.status).toBe('suspended');
    expect(suspended.body.data.suspended_until).toBeGreaterThan(Date.now() / 1000);
  });

  it('answers 404 for no such member, 400 without an id, and 403 to a member', async () => {
    expect((await stack.call('GET', `${ADMIN}/user?user_id=10000000000000999`, { token: admin })).status).toBe(404);
    const missing = await stack.call('GET', `${ADMIN}/user`, { token: admin });
    expect(missing.status).toBe(400);
    expect(missing.body.data[0]).toMatchObject({ error_field: 'user_id' });
    const member = await login(stack, await createUser(stack));
    expect((await stack.call('GET', `${ADMIN}/user?user_id=x`, { token: member })).status).toBe(403);
  });
});
