import { Role } from '@agora/contracts';
import { notificationsService } from '@agora/notifications';
import { siteService } from '@agora/site';
import { createUser, login, type TestUser, waitForMail } from '@agora/test-support/accounts';
import { startSmtpServer, type TestSmtpServer } from '@agora/test-support/smtp-test-server';
import { type Stack, startStack } from '@agora/test-support/stack';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';

let smtp: TestSmtpServer;
let stack: Stack;
let admin: TestUser;
let adminToken: string;
const ADMIN = '/answer/admin/api';
const API = '/answer/api/v1';

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({
    services: [siteService, identityService, notificationsService],
    env: { AGORA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
  });
  admin = await createUser(stack, { roleId: Role.admin, name: 'Site Admin' });
  adminToken = await login(stack, admin);
});

afterAll(async () => {
  await stack?.close();
  await smtp?.close();
});

const page = async (query = '') =>
  (await stack.call('GET', `${ADMIN}/users/page?${query}`, { token: adminToken })).body.data;

describe('user administration', () => {
  it('adds one user, and lists users with filters and status tabs', async () => {
    const added = await stack.call('POST', `${ADMIN}/user`, {
      token: adminToken,
      body: { display_name: 'Grace Hopper', email: 'grace@example.com', password: 'cobol-1959' },
    });
    expect(added.status).toBe(200);
    const found = await page('query=grace');
    expect(found.count).toBe(1);
    expect(found.list[0]).toMatchObject({
      display_name: 'Grace Hopper',
      e_mail: 'grace@example.com',
      role_id: 1,
      role_name: 'User',
      status: 'normal',
      rank: 1,
    });
    expect(await login(stack, { email: 'grace@example.com', password: 'cobol-1959' })).toBeTruthy();

    const short = await stack.call('POST', `${ADMIN}/user`, {
      token: adminToken,
      body: { display_name: 'Al', email: 'grace@example.com', password: 'short' },
    });
    expect(short.body.data).toEqual([
      { error_field: 'display_name', error_msg: 'Display name must be at least 4 characters.' },
      { error_field: 'password', error_msg: 'Password must be at least 8 characters.' },
    ]);
    const duplicate = await stack.call('POST', `${ADMIN}/user`, {
      token: adminToken,
      body: { display_name: 'Grace Again', email: 'GRACE@example.com', password: 'cobol-1959' },
    });
    expect(duplicate.body.data).toEqual([{ error_field: 'email', error_msg: 'This email is already in use.' }]);

    const staff = await page('staff=true');
    expect(staff.list.map((u: { user_id: string }) => u.user_id)).toContain(admin.id);
    expect(staff.list.every((u: { role_id: number }) => u.role_id !== 1)).toBe(true);
    const paged = await page('page=1&page_size=1');
    expect(paged.list).toHaveLength(1);
    expect(paged.count).toBeGreaterThan(1);
  });

  it('adds users in bulk: one bad line adds nobody and every bad line is named', async () => {
    const bad = await stack.call('POST', `${ADMIN}/users`, {
      token: adminToken,
      body: {
        users: [
          'Linus Torvalds, linus@example.com, kernel-1991',
          'Bad Mail, not-an-email, password-1',
          'Xy, short-name@example.com, password-1',
          'Ken Thompson, ken@example.com, 2short',
          'Dennis Ritchie, linus@example.com, password-1',
        ].join('\n'),
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([
      { error_field: 'users', error_msg: 'Line 2: the email is invalid.' },
      { error_field: 'users', error_msg: 'Line 3: the display name must be 4 to 30 characters.' },
      { error_field: 'users', error_msg: 'Line 4: the password must be 8 to 32 characters.' },
      { error_field: 'users', error_msg: 'Line 5: the email appears on an earlier line.' },
    ]);
    expect((await page('query=linus')).count).toBe(0);

    const good = await stack.call('POST', `${ADMIN}/users`, {
      token: adminToken,
      body: { users: 'Linus Torvalds, linus@example.com, kernel-1991\nKen Thompson, ken@example.com, unix-1969\n' },
    });
    expect(good.status).toBe(200);
    expect((await page('query=example.com')).list.map((u: { e_mail: string }) => u.e_mail)).toEqual(
      expect.arrayContaining(['linus@example.com', 'ken@example.com']),
    );
    const again = await stack.call('POST', `${ADMIN}/users`, {
      token: adminToken,
      body: { users: 'Linus Again, linus@example.com, kernel-1991' },
    });
    expect(again.body.data).toEqual([{ error_field: 'users', error_msg: 'Line 1: the email is already in use.' }]);
  });

  it('suspends with an end time: the user is logged out and refused at login until then', async () => {
    const user = await createUser(stack);
    const token = await login(stack, user);
    const before = Date.now();
    const suspended = await stack.call('PUT', `${ADMIN}/user/status`, {
      token: adminToken,
      body: { user_id: user.id, status: 'suspended', suspend_duration: '7d' },
    });
    expect(suspended.status).toBe(200);
    const [listed] = (await page('status=suspended')).list.filter((u: { user_id: string }) => u.user_id === user.id);
    expect(listed.status).toBe('suspended');
    expect(listed.suspended_until * 1000).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 2000);
    expect(listed.suspended_until * 1000).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000 + 2000);
    expect((await stack.call('PUT', `${API}/user/interface`, { token, body: { language: 'en_US' } })).status).toBe(401);
    const refused = await stack.call('POST', `${API}/user/login/email`, {
      body: { e_mail: user.email, pass: user.password },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ type: 'suspended' });

    await stack.call('PUT', `${ADMIN}/user/status`, {
      token: adminToken,
      body: { user_id: user.id, status: 'normal' },
    });
    expect(await login(stack, user)).toBeTruthy();
  });

  it('keeps a list page only until a member changes, and shows a suspension that lapsed', async () => {
    const user = await createUser(stack, { name: 'Kept Listing' });
    const listed = async () =>
      (await page('query=kept%20listing')).list.find((u: { user_id: string }) => u.user_id === user.id);
    expect((await listed()).status).toBe('normal');
    expect((await listed()).status).toBe('normal');
    await stack.call('PUT', `${ADMIN}/user/status`, {
      token: adminToken,
      body: { user_id: user.id, status: 'suspended', suspend_duration: '7d' },
    });
    expect((await listed()).status).toBe('suspended');
    await stack.call('PUT', `${ADMIN}/user/status`, {
      token: adminToken,
      body: { user_id: user.id, status: 'normal' },
    });
    expect((await listed()).status).toBe('normal');

    // A suspension that ends a moment from now: the page kept while it runs must not outlive it.
    await stack.call('PUT', `${ADMIN}/user/status`, {
      token: adminToken,
      body: { user_id: user.id, status: 'suspended', suspend_duration: '7d' },
    });
    await stack
      .service('identity')
      .context.database.db.executeQuery(
        sql`update users set suspended_until = now() + interval '1500 milliseconds' where user_id = ${user.id}`.compile(
          stack.service('identity').context.database.db,
        ),
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await listed()).status).toBe('suspended');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await listed()).status).toBe('normal');
  });

  it('keeps the suspended list without a query until its next lapse, then lists the member no more', async () => {
    const identity = stack.service('identity').context.database;
    let queries = 0;
    identity.pool.on('acquire', () => {
      queries += 1;
    });
    const queriesOf = async (read: () => Promise<unknown>) => {
      const before = queries;
      await read();
      return queries - before;
    };
    const [soon, later] = [
      await createUser(stack, { name: 'Lapse Soon' }),
      await createUser(stack, { name: 'Lapse Later' }),
    ];
    for (const user of [soon, later])
      await stack.call('PUT', `${ADMIN}/user/status`, {
        token: adminToken,
        body: { user_id: user.id, status: 'suspended', suspend_duration: '7d' },
      });
    await identity.db.executeQuery(
      sql`update users set suspended_until = now() + interval '1500 milliseconds' where user_id = ${soon.id}`.compile(
        identity.db,
      ),
    );
    const suspended = async () => {
      const data = await page('status=suspended&query=lapse');
      return { count: data.count, ids: data.list.map((u: { user_id: string }) => u.user_id).sort() };
    };
    // The write above went around the service (no announcement): the list may still be an old one until it is read.
    await expect.poll(suspended).toEqual({ count: 2, ids: [soon.id, later.id].sort() });
    await expect.poll(() => queriesOf(suspended)).toBe(0);

    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await suspended()).toEqual({ count: 1, ids: [later.id] });
    expect(await queriesOf(suspended)).toBe(0);
    // A page past the end still counts the whole list.
    expect((await page('status=suspended&query=lapse&page=3&page_size=1')).count).toBe(1);
  });

  it('deletes a user (with the option to remove their content) for good', async () => {
    const user = await createUser(stack);
    const token = await login(stack, user);
    const deleted = await stack.call('PUT', `${ADMIN}/user/status`, {
      token: adminToken,
      body: { user_id: user.id, status: 'deleted', remove_all_content: true },
    });
    expect(deleted.status).toBe(200);
    const [event] = await stack.query(
      "select data from identity.events where stream_id = $1 and type = 'identity.user_deleted'",
      [user.id],
    );
    expect(event.data).toEqual({ user_id: user.id, remove_all_content: true });
    expect((await stack.call('GET', `${API}/user/info`, { token })).body.data).toBeNull();
    await expect(login(stack, user)).rejects.toThrow();
    expect((await page('status=deleted')).list.map((u: { user_id: string }) => u.user_id)).toContain(user.id);
    expect((await page()).list.map((u: { user_id: string }) => u.user_id)).not.toContain(user.id);
    const revive = await stack.call('PUT', `${ADMIN}/user/status`, {
      token: adminToken,
      body: { user_id: user.id, status: 'normal' },
    });
    expect(revive.status).toBe(404);
    // The address is free again for a new account.
    expect((await createUser(stack, { email: user.email })).email).toBe(user.email);
  });

  it('changes roles (ending sessions), sets passwords (ending sessions) and refuses to act on oneself', async () => {
    const user = await createUser(stack);
    let token = await login(stack, user);
    expect(
      (await stack.call('PUT', `${ADMIN}/user/role`, { token: adminToken, body: { user_id: user.id, role_id: 3 } }))
        .status,
    ).toBe(200);
    expect((await stack.call('GET', `${API}/user/info`, { token })).body.data).toBeNull();
    token = await login(stack, user);
    expect((await stack.call('GET', `${API}/user/info`, { token })).body.data.role_id).toBe(3);

    expect(
      (
        await stack.call('PUT', `${ADMIN}/user/password`, {
          token: adminToken,
          body: { user_id: user.id, password: 'set-by-admin' },
        })
      ).status,
    ).toBe(200);
    expect((await stack.call('GET', `${API}/user/info`, { token })).body.data).toBeNull();
    expect(await login(stack, { email: user.email, password: 'set-by-admin' })).toBeTruthy();

    for (const [path, body] of [
      ['/user/role', { user_id: admin.id, role_id: 1 }],
      ['/user/status', { user_id: admin.id, status: 'suspended' }],
    ] as const) {
      const self = await stack.call('PUT', `${ADMIN}${path}`, { token: adminToken, body });
      expect(self.status).toBe(400);
      expect(self.body).toMatchObject({ msg: 'Forbidden to operate on yourself', data: { err_type: 'toast' } });
    }
    const bad = await stack.call('PUT', `${ADMIN}/user/role`, {
      token: adminToken,
      body: { user_id: user.id, role_id: 7 },
    });
    expect(bad.status).toBe(400);
  });

  it('gives an activation link and resends the activation mail', async () => {
    const user = await createUser(stack, { activated: false });
    const link = await stack.call('GET', `${ADMIN}/user/activation?user_id=${user.id}`, { token: adminToken });
    const code = decodeURIComponent(new URL(link.body.data.activation_url).searchParams.get('code')!);
    expect(link.body.data.activation_url).toMatch(/^http:\/\/agora\.test\/users\/account-activation\?code=/);
    expect(
      (await stack.call('POST', `${API}/user/email/verification?code=${encodeURIComponent(code)}`)).body.data
        .mail_status,
    ).toBe(1);

    const other = await createUser(stack, { activated: false });
    expect(
      (await stack.call('POST', `${ADMIN}/users/activation`, { token: adminToken, body: { user_id: other.id } }))
        .status,
    ).toBe(200);
    const mailed = await waitForMail(smtp, other.email, '/users/account-activation');
    expect(
      (await stack.call('POST', `${API}/user/email/verification?code=${encodeURIComponent(mailed.code)}`)).status,
    ).toBe(200);
    expect((await stack.call('GET', `${ADMIN}/roles`, { token: adminToken })).body.data).toEqual([
      { id: 1, name: 'User', description: 'Default with no special access.' },
      { id: 2, name: 'Admin', description: 'Have the full power to access the site.' },
      { id: 3, name: 'Moderator', description: 'Has access to all posts except admin settings.' },
    ]);
  });
});

describe('authorisation matrix', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/users/page'],
    ['PUT', '/user/status', { user_id: 'x', status: 'normal' }],
    ['PUT', '/user/role', { user_id: 'x', role_id: 1 }],
    ['POST', '/user', { display_name: 'Some One', email: 'a@b.co', password: 'password-1' }],
    ['POST', '/users', { users: 'Some One, a@b.co, password-1' }],
    ['PUT', '/user/password', { user_id: 'x', password: 'password-1' }],
    ['PUT', '/user/profile', { user_id: 'x', display_name: 'Some One', email: 'a@b.co' }],
    ['GET', '/user/activation?user_id=x'],
    ['POST', '/user/activation', { user_id: 'x' }],
    ['POST', '/users/activation', { user_id: 'x' }],
    ['GET', '/roles'],
  ];

  it('answers 401 to anonymous callers, and 403 to users and moderators, on every admin route', async () => {
    const userToken = await login(stack, await createUser(stack));
    const moderatorToken = await login(stack, await createUser(stack, { roleId: Role.moderator }));
    for (const [method, path, body] of routes) {
      const url = `${ADMIN}${path}`;
      expect((await stack.call(method, url, { body })).status, `anonymous ${method} ${path}`).toBe(401);
      expect((await stack.call(method, url, { body, token: userToken })).status, `user ${method} ${path}`).toBe(403);
      expect(
        (await stack.call(method, url, { body, token: moderatorToken })).status,
        `moderator ${method} ${path}`,
      ).toBe(403);
      expect((await stack.call(method, url, { body, token: adminToken })).status, `admin ${method} ${path}`).not.toBe(
        403,
      );
    }
  });
});
