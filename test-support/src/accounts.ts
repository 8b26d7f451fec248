import { setTimeout as sleep } from 'node:timers/promises';
import { defaultSiteSettings } from '@agora/contracts';
import { accountsFor } from '@agora/identity';
import { connectDatabase, EventStore, migrateService } from '@agora/platform';
import { updateSettingsGroup } from '@agora/site';
import { Ledger, votesFor, votesMigrations } from '@agora/votes';
import type { TestSmtpServer } from './smtp-test-server';
import type { Stack } from './stack';

let counter = 0;

/** Switches the site's captchas on or off (security settings, through the site service's command). */
export async function setCaptchas(stack: Stack, enabled: boolean): Promise<void> {
  const security = { ...defaultSiteSettings('http://agora.test').security, captcha_enabled: enabled };
  await updateSettingsGroup(stack.service('site').context, { group: 'security', values: security }, null);
  await stack.settle();
}

/**
 * A captcha answered as a person would: reading the image, here its stored answer (in the schema of
 * whichever service issued it).
 */
export async function solveCaptcha(stack: Stack, action = 'e_mail', token?: string) {
  const { body } = await stack.call('GET', `/answer/api/v1/user/action/record?action=${action}`, { token });
  if (!body.data.verify) return {};
  const schemas = await stack.query<{ table_schema: string }>(
    "select table_schema from information_schema.tables where table_name = 'captchas'",
  );
  for (const { table_schema } of schemas) {
    const [row] = await stack.query<{ answer: string }>(
      `select answer from "${table_schema}".captchas where captcha_id = $1`,
      [body.data.captcha_id],
    );
    if (row) return { captcha_id: body.data.captcha_id as string, captcha_code: row.answer };
  }
  throw new Error(`no service issued captcha ${body.data.captcha_id}`);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  username: string;
}

/** An account made through identity's own command, as an admin or the installer would. */
export async function createUser(
  stack: Stack,
  options: { roleId?: number; activated?: boolean; name?: string; email?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = `pass-${counter}-secret`;
  const identity = stack.service('identity');
  const accounts = accountsFor(identity);
  const row = await accounts.register({
    email,
    displayName: options.name ?? `Test User ${counter}`,
    password,
    roleId: options.roleId ?? 1,
    activated: options.activated ?? true,
    createdBy: 'admin',
    actorId: null,
  });
  // As a sign-up's reply does on Kafka: the account's events are on the bus before anyone is told of it.
  await identity.context.catchUp.published();
  return { id: row.user_id, email, password, username: row.username };
}

export async function login(stack: Stack, user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  // Earlier failed logins from the test's address may have made a captcha due.
  const { status, body } = await stack.call('POST', '/answer/api/v1/user/login/email', {
    body: { e_mail: user.email, pass: user.password, ...(await solveCaptcha(stack, 'login')) },
  });
  if (status !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.access_token;
}

/** Waits for a mail to an address whose text matches, and returns the link code in it. */
export async function waitForMail(smtp: TestSmtpServer, to: string, linkPath: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const received of smtp.received) {
      const text = received.mail.text ?? '';
      if (received.recipients.includes(to) && text.includes(linkPath)) {
        const code = new RegExp(`${linkPath.replace(/[?]/g, '\\?')}\\?code=([^\\s&"<]+)`).exec(text)?.[1];
        if (code) return { mail: received.mail, code: decodeURIComponent(code) };
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${linkPath}`);
    await sleep(50);
  }
}

export function tokenClaims(token: string): { sub: string; sid: string; t: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

function runningService(stack: Stack, name: string) {
  try {
    return stack.service(name);
  } catch {
    return undefined;
  }
}

/**
 * Sets a user's reputation through the votes ledger: an adjustment recorded as `votes.reputation_changed`,
 * which every service's copy of the actors and identity's users take from the bus like any other change.
 * When the stack runs without the votes service, its schema and log are made on the stack's database so
 * that the event has a log to live in. Waits until every service has it.
 */
export async function setReputation(stack: Stack, userId: string, rank: number): Promise<void> {
  // The ledger first takes in what identity already said of the user (its starting balance).
  await stack.settle();
  const votes = runningService(stack, 'votes');
  if (votes) {
    await votesFor(votes).ledger.adjust(userId, rank);
  } else {
    const database = connectDatabase({ url: stack.databaseUrl, schema: 'votes', maxConnections: 3 });
    try {
      await migrateService(database, votesMigrations);
      await new Ledger(database.db, new EventStore(database.db, 'votes')).adjust(userId, rank);
    } finally {
      await database.close();
    }
  }
  await stack.settle();
}
