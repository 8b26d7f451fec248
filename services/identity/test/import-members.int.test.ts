import { MailStatus, Role } from '@agora/contracts';
import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import type { ImportedMember } from '@agora/contracts/import/records';
import { type ImportRun, type ImportSink, partsOf } from '@agora/platform';
import { siteService } from '@agora/site';
import { login, solveCaptcha } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsFor, identityService } from '../src/service';

const API = '/answer/api/v1';
const ADMIN = '/answer/admin/api';
const RUN: ImportRun = { id: 'import-test-run', dryRun: false, merge: false, legacyIds: 'answer' };

let stack: Stack;
let sink: ImportSink;
let schema: string;
let installer: { id: string; email: string; password: string };

const userId = (n: number) => idFromNumber('user', n);

function member(n: number, fields: Partial<ImportedMember>): ImportedMember {
  return {
    kind: 'member',
    id: userId(n),
    username: `member${n}`,
    display_name: `Member ${n}`,
    email: `member${n}@old.example`,
    role_id: Role.user,
    status: 'normal',
    created_at: '2019-03-04T05:06:07.000Z',
    bio: '',
    website: '',
    location: '',
    avatar: { type: 'default', gravatar: '', custom: '' },
    language: 'en_US',
    reputation: 1,
    external_logins: [],
    ...fields,
  };
}

const OLD_PASSWORD = 'old-answer-secret';
const members: ImportedMember[] = [
  member(1, {
    username: 'alice',
    display_name: 'Alice Admin',
    email: 'alice@old.example',
    role_id: Role.admin,
    password: { scheme: 'bcrypt', hash: bcrypt.hashSync(OLD_PASSWORD, 10).replace(/^\$2b\$/, '$2a$') },
    bio: 'I run **this** place.',
    website: 'https://alice.example',
    location: 'Lisbon',
    avatar: { type: 'custom', gravatar: '', custom: '/uploads/avatar/alice.jpg' },
    reputation: 1234,
    last_login_at: '2024-01-02T03:04:05.000Z',
    external_logins: [{ provider: 'github', external_id: '4242', meta: '{}' }],
  }),
  member(2, {
    username: 'bob',
    role_id: Role.moderator,
    avatar: { type: 'gravatar', gravatar: 'https://www.gravatar.com/avatar/abc', custom: '' },
  }),
  member(3, { username: 'carol', status: 'suspended', suspended_until: '2099-06-01T00:00:00.000Z' }),
  member(4, { username: 'dave', status: 'suspended' }),
  member(5, { username: 'erin', status: 'deleted' }),
  member(6, { username: 'frank', status: 'inactive' }),
  // A Stack Exchange member: no address.
  member(7, { username: 'grace', email: '' }),
  member(8, { username: 'heidi', email: '' }),
  // Clashes with the installer's admin: its username and its address.
  member(9, { username: 'site-admin', email: 'installer@agora.test' }),
  member(10, { username: 'ghost', display_name: 'Ghost', email: '', placeholder: true }),
];

const write = (records: ImportedMember[]) =>
  stack
    .service('identity')
    .context.database.db.transaction()
    .execute((tx) => sink.write(tx, records, RUN));

const signIn = async (email: string, pass: string) =>
  stack.call('POST', `${API}/user/login/email`, {
    body: { e_mail: email, pass, ...(await solveCaptcha(stack, 'login')) },
  });

const storedHash = async (id: string) =>
  (
    await stack.query<{ password_hash: string }>(
      `select password_hash from "${schema}".credentials where user_id = $1`,
      [id],
    )
  )[0]?.password_hash;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService] });
  const identity = stack.service('identity');
  schema = identity.context.database.schema;
  sink = identityService.importer?.(identity.context, partsOf(identity, identityService)) as ImportSink;
  const accounts = accountsFor(identity);
  installer = { email: 'installer@agora.test', password: 'installer-secret', id: '' };
  const row = await accounts.register({
    email: installer.email,
    displayName: 'Site Admin',
    username: 'site-admin',
    password: installer.password,
    roleId: Role.admin,
    activated: true,
    createdBy: 'installer',
    actorId: null,
  });
  installer.id = row.user_id;
});

afterAll(async () => {
  await stack?.close();
});

describe('importing members', () => {
  it('holds no content with only the installer’s admin, and imports members with their state', async () => {
    expect(await sink.holdsContent()).toBe(false);
    const tally = await write(members);
    expect(tally.imported).toBe(members.length);
    expect(tally.skipped).toBe(0);
    expect(tally.notes).toMatchObject({
      'username taken: renamed': 1,
      'e-mail held by another member: imported without it': 1,
      'no e-mail: signs in once an admin sets one': 3,
    });
    // Imported members are not the site's own.
    expect(await sink.holdsContent()).toBe(false);
    const events = await stack.query<{ type: string; created_at: Date; metadata: { imported?: boolean } }>(
      `select type, created_at, metadata from "${schema}".events where stream_id = $1 order by stream_version`,
      [userId(1)],
    );
    expect(events.map((e) => e.type)).toEqual([
      'identity.user_registered',
      'identity.profile_updated',
      'identity.external_login_linked',
    ]);
    expect(events[0]?.created_at.toISOString()).toBe('2019-03-04T05:06:07.000Z');
    expect(events.every((e) => e.metadata.imported === true)).toBe(true);
  });

  it('signs a member in with the source’s bcrypt password, and rehashes it to Agora’s scheme', async () => {
    expect(await storedHash(userId(1))).toMatch(/^\$2a\$10\$/);
    const wrong = await signIn('alice@old.example', 'not-the-password');
    const wrongForOwn = await signIn(installer.email, 'not-the-password');
    expect(wrong.body.data).toEqual(wrongForOwn.body.data);
    expect(wrong.body.reason).toBe(wrongForOwn.body.reason);
    expect(await storedHash(userId(1))).toMatch(/^\$2a\$10\$/);

    const first = await signIn('alice@old.example', OLD_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: userId(1), role_id: Role.admin, username: 'alice' });
    expect(await storedHash(userId(1))).toMatch(/^\$argon2id\$/);
    const again = await signIn('alice@old.example', OLD_PASSWORD);
    expect(again.status).toBe(200);
    expect((await signIn('alice@old.example', 'not-the-password')).body.data).toEqual(wrongForOwn.body.data);

    const info = await stack.call('GET', `${API}/user/info`, { token: again.body.data.access_token });
    expect(info.body.data).toMatchObject({
      username: 'alice',
      display_name: 'Alice Admin',
      e_mail: 'alice@old.example',
      mail_status: MailStatus.activated,
      bio: 'I run **this** place.',
      website: 'https://alice.example',
      location: 'Lisbon',
      rank: 1234,
      have_password: true,
      avatar: { type: 'custom', gravatar: '', custom: '/uploads/avatar/alice.jpg' },
    });
    expect(info.body.data.bio_html).toContain('<strong>this</strong>');
    expect(info.body.data.created_at).toBe(Date.parse('2019-03-04T05:06:07Z') / 1000);
  });

  it('shows roles and statuses as the source had them', async () => {
    const token = await login(stack, installer);
    const overview = async (n: number) =>
      (await stack.call('GET', `${ADMIN}/user?user_id=${userId(n)}`, { token })).body.data;
    expect(await overview(2)).toMatchObject({ role_id: Role.moderator, status: 'normal', username: 'bob' });
    expect(await overview(3)).toMatchObject({
      status: 'suspended',
      suspended_until: Date.parse('2099-06-01T00:00:00Z') / 1000,
    });
    expect(await overview(4)).toMatchObject({
      status: 'suspended',
      suspended_until: Date.parse('2099-12-31T23:59:59Z') / 1000,
    });
    expect(await overview(5)).toMatchObject({ status: 'deleted' });
    expect(await overview(6)).toMatchObject({ status: 'inactive', mail_status: MailStatus.inactive });
    expect(await overview(7)).toMatchObject({ e_mail: '', status: 'inactive' });
    expect(await overview(9)).toMatchObject({ username: 'site-admin-2', e_mail: '' });
    expect(await overview(10)).toMatchObject({ status: 'deleted' });
    expect((await overview(1)).last_login_at).toBeGreaterThan(0);

    const page = (await stack.call('GET', `${ADMIN}/users/page?staff=true&page_size=50`, { token })).body.data;
    const staff = page.list.map((u: { username: string }) => u.username);
    expect(staff).toEqual(expect.arrayContaining(['alice', 'bob']));

    const profile = await stack.call('GET', `${API}/personal/user/info?username=bob`);
    expect(profile.body.data.avatar).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}$/);
    const suspended = await stack.call('GET', `${API}/personal/user/info?username=carol`);
    expect(suspended.body.data.status).toBe('suspended');
    expect((await stack.call('GET', `${API}/personal/user/info?username=erin`)).status).toBe(404);

    const links = await stack.query(`select connector, external_id, user_id from "${schema}".external_logins`);
    expect(links).toEqual([{ connector: 'github', external_id: '4242', user_id: userId(1) }]);
  });

  it('refuses members who cannot sign in', async () => {
    const suspended = await signIn('member3@old.example', 'whatever-it-is');
    expect(suspended.status).not.toBe(200);
    const deleted = await signIn('member5@old.example', 'whatever-it-is');
    expect(deleted.status).not.toBe(200);
    // The installer's admin keeps its address and password.
    expect((await signIn(installer.email, installer.password)).status).toBe(200);
  });

  it('writes nothing twice when the same batch is written again', async () => {
    const count = async () =>
      (await stack.query<{ n: number }>(`select count(*)::int as n from "${schema}".events`))[0]?.n ?? 0;
    const users = async () =>
      (await stack.query<{ n: number }>(`select count(*)::int as n from "${schema}".users`))[0]?.n ?? 0;
    const before = { events: await count(), users: await users() };
    const argon = await storedHash(userId(1));
    const tally = await write(members);
    expect(tally.imported).toBe(members.length);
    expect({ events: await count(), users: await users() }).toEqual(before);
    // The password set since the first write stays.
    expect(await storedHash(userId(1))).toBe(argon);
    expect((await signIn('alice@old.example', OLD_PASSWORD)).status).toBe(200);
  });

  it('holds content once the site has a member of its own', async () => {
    await accountsFor(stack.service('identity')).register({
      email: 'own@agora.test',
      displayName: 'Own Member',
      password: 'own-member-secret',
      activated: true,
      createdBy: 'self',
      actorId: null,
    });
    expect(await sink.holdsContent()).toBe(true);
  });
});
