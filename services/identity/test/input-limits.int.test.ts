/**
 * Identity's fields held to their limits wherever they are taken (docs/adr/0090-mail-per-recipient.md): an
 * address of at most `Limits.user.emailMaxLength` characters, and names counted without their surrounding spaces.
 * Each refusal is a 400 naming the field, and changes nothing.
 */
import { Limits, Role } from '@agora/contracts';
import { siteService } from '@agora/site';
import { createUser, login, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';

const API = '/answer/api/v1';
const ADMIN = '/answer/admin/api';
const MAX = Limits.user.emailMaxLength;

let stack: Stack;
let member: TestUser;
let memberToken: string;
let adminToken: string;

/** A well-formed address of `length` characters. */
const addressOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService] });
  member = await createUser(stack);
  memberToken = await login(stack, member);
  adminToken = await login(stack, await createUser(stack, { roleId: Role.admin }));
});

afterAll(async () => {
  await stack?.close();
});

async function userCount(): Promise<number> {
  const [row] = await stack.query<{ n: number }>('select count(*)::int as n from identity.users');
  return row?.n ?? 0;
}

function expectRefused(response: { status: number; body: any }, field: string, message: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.reason).toBe('base.request_format_error');
  expect(response.body.data).toContainEqual({ error_field: field, error_msg: message });
}

const tooLong = `Email must be at most ${MAX} characters.`;

describe('an e-mail address longer than the reference stores', () => {
  it('is refused at registration (300 characters, and one past the limit), and no account is made', async () => {
    const before = await userCount();
    for (const length of [300, MAX + 1]) {
      const response = await stack.call('POST', `${API}/user/register/email`, {
        body: { e_mail: addressOf(length), name: 'Long Address', pass: 'password-1' },
      });
      expectRefused(response, 'e_mail', tooLong);
    }
    expect(await userCount()).toBe(before);
    // The limit itself is taken.
    const atLimit = await stack.call('POST', `${API}/user/register/email`, {
      body: { e_mail: addressOf(MAX), name: 'Long Address', pass: 'password-1' },
    });
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
  });

  it('is refused by sign-in, password reset, e-mail change and both bindings of an external login', async () => {
    const long = addressOf(MAX + 1);
    expectRefused(
      await stack.call('POST', `${API}/user/login/email`, { body: { e_mail: long, pass: 'password-1' } }),
      'e_mail',
      tooLong,
    );
    expectRefused(
      await stack.call('POST', `${API}/user/password/reset`, { body: { e_mail: long } }),
      'e_mail',
      tooLong,
    );
    expectRefused(
      await stack.call('POST', `${API}/user/email/change/code`, {
        token: memberToken,
        body: { e_mail: long, pass: member.password },
      }),
      'e_mail',
      tooLong,
    );
    expectRefused(
      await stack.call('POST', `${API}/connector/binding/email`, { body: { binding_key: 'some-key', email: long } }),
      'email',
      tooLong,
    );
    expectRefused(
      await stack.call('POST', `${API}/connector/binding/password`, {
        body: { binding_key: 'some-key', e_mail: long, pass: 'password-1' },
      }),
      'e_mail',
      tooLong,
    );
  });

  it("is refused by the admin's user forms, and nothing changes", async () => {
    const before = await userCount();
    const long = addressOf(MAX + 1);
    expectRefused(
      await stack.call('POST', `${ADMIN}/user`, {
        token: adminToken,
        body: { display_name: 'Long Address', email: long, password: 'password-1' },
      }),
      'email',
      tooLong,
    );
    expectRefused(
      await stack.call('PUT', `${ADMIN}/user/profile`, {
        token: adminToken,
        body: { user_id: member.id, display_name: 'Still Me', email: long },
      }),
      'email',
      tooLong,
    );
    expect(await userCount()).toBe(before);
    const [row] = await stack.query('select email, display_name from identity.users where user_id = $1', [member.id]);
    expect(row.email).toBe(member.email);
  });
});

describe('names counted without their surrounding spaces', () => {
  it('refuses a display name of spaces as empty and a padded short one as too short, at registration', async () => {
    const before = await userCount();
    const register = (name: string) =>
      stack.call('POST', `${API}/user/register/email`, {
        body: { e_mail: 'spaces@example.com', name, pass: 'password-1' },
      });
    expectRefused(await register('      '), 'name', 'Name cannot be empty.');
    expectRefused(await register('   A    '), 'name', 'Name must be at least 2 characters.');
    expect(await userCount()).toBe(before);
  });

  it("refuses them on the member's profile and in the admin's forms", async () => {
    const profile = await stack.call('PUT', `${API}/user/info`, {
      token: memberToken,
      body: { display_name: '     ', username: member.username },
    });
    expectRefused(profile, 'display_name', 'Display name cannot be empty.');
    const added = await stack.call('POST', `${ADMIN}/user`, {
      token: adminToken,
      body: { display_name: '  Al    ', email: 'padded@example.com', password: 'password-1' },
    });
    expectRefused(added, 'display_name', 'Display name must be at least 4 characters.');
    const edited = await stack.call('PUT', `${ADMIN}/user/profile`, {
      token: adminToken,
      body: { user_id: member.id, display_name: '        ', email: member.email },
    });
    expectRefused(edited, 'display_name', 'Display name cannot be empty.');
    const [row] = await stack.query('select display_name from identity.users where user_id = $1', [member.id]);
    expect(row.display_name.trim()).not.toBe('');
  });

  it("stores a name the admin edits trimmed, as a member's own edit is", async () => {
    const edited = await stack.call('PUT', `${ADMIN}/user/profile`, {
      token: adminToken,
      body: { user_id: member.id, display_name: '  Grace Hopper  ', email: member.email },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const [row] = await stack.query('select display_name from identity.users where user_id = $1', [member.id]);
    expect(row.display_name).toBe('Grace Hopper');
  });
});
