/**
 * Account mail to one address is limited whoever asks for it (docs/adr/0090-mail-per-recipient.md): e-mail-change
 * codes, password resets and activation mails share one budget per mailbox, kept in PostgreSQL so that two
 * identity replicas spend the same one; and an e-mail change keeps to the site's allowed domains.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultSiteSettings, Limits } from '@agora/contracts';
import { notificationsService } from '@agora/notifications';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser, login, type TestUser } from '@agora/test-support/accounts';
import { createTestDatabase } from '@agora/test-support/database';
import { startSmtpServer, type TestSmtpServer } from '@agora/test-support/smtp-test-server';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';

const API = '/answer/api/v1';
const BUDGET = Limits.email.perRecipientHour;

let smtp: TestSmtpServer;
let database: { url: string; drop(): Promise<void> };
/** Two compositions on one database: the second's identity is a replica of the first's (no mail sender of its own). */
let first: Stack;
let second: Stack;

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await createTestDatabase('mailbudget');
  const shared = { url: database.url, drop: async () => {} };
  const env = { AGORA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, AGORA_TRUST_PROXY: 'true' };
  first = await startStack({ services: [siteService, identityService, notificationsService], env, database: shared });
  second = await startStack({ services: [siteService, identityService], env, database: shared });
}, 120_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await database?.drop();
  await smtp?.close();
});

interface Member {
  user: TestUser;
  token: string;
  /** The client address it calls from, its own: the per-address limits are not what these tests are about. */
  ip: string;
}
let addresses = 0;

async function members(count: number): Promise<Member[]> {
  const made: Member[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(first);
    addresses += 1;
    made.push({ user, token: await login(first, user), ip: `198.51.100.${addresses}` });
  }
  return made;
}

/** The mails queued for a mailbox's addresses, once every request's event has reached the mail outbox. */
async function queuedFor(pattern: string): Promise<number> {
  await first.settle();
  const rows = await first.query<{ n: number }>(
    'select count(*)::int as n from notifications.mail_outbox where lower(recipient) like $1',
    [pattern],
  );
  return rows[0]?.n ?? 0;
}

/** The mails the SMTP server has received for a mailbox's addresses, after they had time to arrive. */
async function deliveredTo(pattern: RegExp, expected: number): Promise<number> {
  const count = () => smtp.received.filter((m) => m.recipients.some((r) => pattern.test(r))).length;
  const deadline = Date.now() + 15_000;
  while (count() < expected && Date.now() < deadline) await sleep(50);
  // Anything past the budget would be on its way by now.
  await sleep(500);
  return count();
}

async function setLogin(values: object) {
  await updateSettingsGroup(
    first.service('site').context,
    { group: 'login', values: { ...defaultSiteSettings('http://agora.test').login, ...values } },
    null,
  );
  await first.settle();
  await second.settle();
}

describe('mail to one address, whoever asks', () => {
  it(`delivers at most ${BUDGET} of 25 e-mail-change codes that five members ask for one outside address, through two replicas`, async () => {
    const askers = await members(5);
    // One mailbox, written several ways: case and a `+tag` sub-address do not make it another.
    const spellings = ['stranger@outside.example', 'Stranger@Outside.Example', 'stranger+agora@outside.example'];
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const { user, token, ip } = askers[i % askers.length]!;
      const replica = i % 2 === 0 ? first : second;
      const response = await replica.call('POST', `${API}/user/email/change/code`, {
        token,
        headers: { 'x-forwarded-for': ip },
        body: { e_mail: spellings[i % spellings.length], pass: user.password },
      });
      statuses.push(response.status);
      if (response.status === 429) expect(response.body.reason).toBe('base.too_many_requests');
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(BUDGET);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - BUDGET);
    expect(await queuedFor('stranger%@outside.example')).toBe(BUDGET);
    expect(await deliveredTo(/^stranger.*@outside\.example$/i, BUDGET)).toBe(BUDGET);
  });

  it('counts password resets and activation mails against the same budget; a spent one answers a reset as if sent', async () => {
    const owner = await createUser(first, { activated: false, email: 'owner.inbox@elsewhere.example' });
    const token = await login(first, owner);
    const ip = { 'x-forwarded-for': '203.0.113.40' };
    const resend = (replica: Stack) =>
      replica.call('POST', `${API}/user/email/verification/send`, { token, headers: ip });
    const reset = (replica: Stack, e_mail: string) =>
      replica.call('POST', `${API}/user/password/reset`, { headers: ip, body: { e_mail } });

    for (const replica of [first, second, first]) expect((await resend(replica)).status).toBe(200);
    for (const replica of [second, first]) expect((await reset(replica, owner.email)).status).toBe(200);
    expect(await queuedFor('owner.inbox@elsewhere.example')).toBe(BUDGET);

    // The budget is spent: a reset is answered exactly as one for an address without an account, and sends nothing.
    const spent = await reset(second, owner.email);
    const unknown = await reset(first, 'nobody.at.all@elsewhere.example');
    expect([spent.status, spent.body]).toEqual([unknown.status, unknown.body]);
    expect(spent.body).toMatchObject({ code: 200, reason: 'base.success', data: null });
    // The member asking again for their own activation mail is told to wait.
    const refused = await resend(second);
    expect([refused.status, refused.body.reason]).toEqual([429, 'base.too_many_requests']);
    expect(await queuedFor('owner.inbox@elsewhere.example')).toBe(BUDGET);
    expect(await deliveredTo(/^owner\.inbox@elsewhere\.example$/, BUDGET)).toBe(BUDGET);
  });

  it('refuses a registration whose activation mail the address has no budget for, and makes no account', async () => {
    const askers = await members(BUDGET);
    for (const { user, token, ip } of askers) {
      const asked = await first.call('POST', `${API}/user/email/change/code`, {
        token,
        headers: { 'x-forwarded-for': ip },
        body: { e_mail: 'late.comer@outside.example', pass: user.password },
      });
      expect(asked.status).toBe(200);
    }
    const registered = await second.call('POST', `${API}/user/register/email`, {
      headers: { 'x-forwarded-for': '203.0.113.41' },
      body: { e_mail: 'late.comer@outside.example', name: 'Late Comer', pass: 'late-comer-1' },
    });
    expect([registered.status, registered.body.reason]).toEqual([429, 'base.too_many_requests']);
    const accounts = await first.query("select 1 from identity.users where email = 'late.comer@outside.example'");
    expect(accounts).toHaveLength(0);
    expect(await queuedFor('late.comer@outside.example')).toBe(BUDGET);
  });
});

describe('e-mail change and the allowed domains', () => {
  it("refuses a new address outside the site's allowed domains with a 400 naming e_mail, and sends nothing", async () => {
    const [{ user, token, ip }] = (await members(1)) as [Member];
    await setLogin({ allow_email_domains: ['agora.test'] });
    try {
      const change = (e_mail: string, language = 'en_US') =>
        second.call('POST', `${API}/user/email/change/code`, {
          token,
          headers: { 'x-forwarded-for': ip, 'accept-language': language },
          body: { e_mail, pass: user.password },
        });
      const refused = await change('someone@elsewhere.com');
      expect(refused.status).toBe(400);
      expect(refused.body.data).toEqual([
        { error_field: 'e_mail', error_msg: 'Email addresses at this domain are not allowed on this site.' },
      ]);
      const inChinese = await change('someone@ELSEWHERE.com', 'zh_CN');
      expect(inChinese.body.data).toEqual([{ error_field: 'e_mail', error_msg: '本站不允许使用该域名的邮箱。' }]);
      expect(await queuedFor('someone@elsewhere.com')).toBe(0);
      // The allowed domain, in any case.
      expect((await change('someone@Agora.Test')).status).toBe(200);
    } finally {
      await setLogin({});
    }
  });
});
