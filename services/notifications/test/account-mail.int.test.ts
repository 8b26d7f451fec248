import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultSiteSettings, type SiteSettings } from '@agora/contracts';
import { composeServices } from '@agora/gateway';
import {
  type AgoraConfig,
  connectDatabase,
  EventStore,
  loadConfig,
  metricsRegistry,
  migrateService,
  type RunningService,
  type ServiceDatabase,
} from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import { freePort } from '@agora/test-support/ports';
import { startSmtpServer, type TestSmtpServer } from '@agora/test-support/smtp-test-server';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { MailWorker, type MailWorkerSettings } from '../src/mail/worker';
import { createNotificationsService } from '../src/service';

/** Short timings so that retries happen within a test. */
const FAST = { pollIntervalMs: 100, retryBaseMs: 100, retryMaxMs: 400, stopGraceMs: 2000 };

interface OutboxRow {
  recipient: string;
  status: string;
  attempts: number;
  subject: string;
  last_error: string | null;
}

interface Harness {
  service: RunningService;
  identity: EventStore;
  site: EventStore;
  dataDir: string;
  logs: string[];
  outbox(): Promise<OutboxRow[]>;
  close(): Promise<void>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** The notifications service on a fresh database, beside fake identity and site producers (their schemas). */
async function startHarness(options: { smtpUrl?: string; mail?: Partial<MailWorkerSettings> } = {}): Promise<Harness> {
  const { url, drop } = await createTestDatabase('notif');
  const producers: ServiceDatabase[] = [];
  const producer = async (schema: string) => {
    const database = connectDatabase({ url, schema, maxConnections: 2 });
    producers.push(database);
    await migrateService(database, {});
    return new EventStore(database.db, schema);
  };
  const identity = await producer('identity');
  const site = await producer('site');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-notifications-'));
  const logs: string[] = [];
  const log = pino(
    { level: process.env.TEST_LOG_LEVEL ?? 'info' },
    {
      write(line: string) {
        logs.push(line);
        if (process.env.TEST_LOG_LEVEL) process.stdout.write(line);
      },
    },
  );
  const overrides: Partial<AgoraConfig> = { dataDir, siteUrl: 'http://agora.test' };
  if (options.smtpUrl) overrides.smtpUrl = options.smtpUrl;
  const config = loadConfig({ env: {}, overrides });
  const notifications = await composeServices({
    config,
    databaseUrl: url,
    log,
    services: [createNotificationsService({ mail: { ...FAST, ...options.mail } })],
  });
  const service = notifications.service('notifications');
  const harness: Harness = {
    service,
    identity,
    site,
    dataDir,
    logs,
    async outbox() {
      const { rows } = await sql<OutboxRow>`
        select recipient, status, attempts, subject, last_error from mail_outbox order by mail_id`.execute(
        service.context.database.db,
      );
      return rows;
    },
    async close() {
      await notifications.close();
      for (const database of producers) await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  cleanups.push(() => harness.close());
  return harness;
}

async function smtpServer(options: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const server = await startSmtpServer(options);
  cleanups.push(() => server.close());
  return server;
}

async function waitFor<T>(what: string, probe: () => Promise<T> | T, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function changeSettings<G extends 'smtp' | 'general'>(h: Harness, group: G, values: SiteSettings[G]) {
  await h.site.append('site-settings', 'any', [{ type: 'site.settings_changed', data: { group, values } }]);
}

let users = 0;
async function requestMail(
  h: Harness,
  overrides: Partial<{
    kind: 'activation' | 'password_reset' | 'email_change';
    email: string;
    language: string;
    code: string;
    expires_at: string;
  }> = {},
) {
  const userId = `10010000000000000000000${++users}`;
  const data = {
    user_id: userId,
    kind: 'activation' as const,
    email: `user${users}@example.com`,
    language: 'en_US',
    display_name: `User ${users}`,
    code: `code-${users}`,
    expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...overrides,
  };
  await h.identity.append(`user-${userId}`, 'any', [{ type: 'identity.account_email_requested', data }]);
  return data;
}

const siteSmtp = (port: number, overrides: Partial<SiteSettings['smtp']> = {}): SiteSettings['smtp'] => ({
  from_email: 'mailer@example.com',
  from_name: 'Agora Mailer',
  smtp_host: '127.0.0.1',
  smtp_port: port,
  encryption: '',
  smtp_username: 'agora',
  smtp_password: 's3cret',
  smtp_authentication: true,
  ...overrides,
});

describe('account mail', () => {
  it('delivers exactly one mail through the site SMTP settings, and a rebuild of the projection sends nothing again', async () => {
    const smtp = await smtpServer({ auth: { user: 'agora', pass: 's3cret' } });
    const h = await startHarness();
    await changeSettings(h, 'smtp', siteSmtp(smtp.port));
    await changeSettings(h, 'general', {
      ...defaultSiteSettings().general,
      name: 'Agora Test',
      site_url: 'https://qa.example.com/',
    });
    await h.service.projections.waitForCatchUp();

    const request = await requestMail(h, { email: 'ada@example.com', code: 'c0de+/=' });
    await waitFor('the mail', () => smtp.received.length === 1);
    const [{ mail, recipients }] = smtp.received as [(typeof smtp.received)[0]];
    expect(recipients).toEqual(['ada@example.com']);
    expect(mail.subject).toBe('[Agora Test] Confirm your new account');
    expect(mail.from?.value).toEqual([{ name: 'Agora Mailer', address: 'mailer@example.com' }]);
    const link = 'https://qa.example.com/users/account-activation?code=c0de%2B%2F%3D';
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(`Hi ${request.display_name},`);
    await waitFor('the row marked sent', async () => (await h.outbox())[0]?.status === 'sent');

    await h.service.projections.rebuild('account-mail');
    await h.service.projections.waitForCatchUp();
    await sleep(500);
    expect(smtp.received).toHaveLength(1);
    expect(await h.outbox()).toMatchObject([{ recipient: 'ada@example.com', status: 'sent', attempts: 1 }]);
    expect(await metricsRegistry.getSingleMetricAsString('agora_mail_sent_total')).toMatch(
      /agora_mail_sent_total\{template="activation",transport="smtp"\} [1-9]/,
    );
    expect(h.logs.some((line) => line.includes('mail is sent through site SMTP settings (127.0.0.1:'))).toBe(true);
  });

  it('keeps mail while the SMTP server is down and delivers every one exactly once when it comes up', async () => {
    const port = await freePort();
    // No fallback look within the test: the worker wakes when a retry falls due (the outbox says when).
    const h = await startHarness({ smtpUrl: `smtp://127.0.0.1:${port}`, mail: { pollIntervalMs: 600_000 } });
    const requests = [];
    for (let i = 0; i < 5; i++) requests.push(await requestMail(h));
    await waitFor('retries of every mail', async () => {
      const rows = await h.outbox();
      return rows.length === 5 && rows.every((r) => r.status === 'pending' && r.attempts >= 2);
    });
    // Nothing else waits for the mail server: the projections go on.
    await changeSettings(h, 'general', { ...defaultSiteSettings().general, name: 'Still Moving' });
    await h.service.projections.waitForCatchUp();

    const smtp = await smtpServer({ port });
    await waitFor('every mail', () => smtp.received.length >= 5);
    await waitFor('every row marked sent', async () => (await h.outbox()).every((r) => r.status === 'sent'));
    await sleep(500);
    expect(smtp.received.flatMap((r) => r.recipients).sort()).toEqual(requests.map((r) => r.email).sort());
    expect(smtp.received.map((r) => r.mail.from?.value)).toEqual(
      Array(5).fill([{ name: 'Agora', address: 'no-reply@localhost' }]),
    );
    expect(await metricsRegistry.getSingleMetricAsString('agora_mail_send_failures_total')).toMatch(
      /agora_mail_send_failures_total\{template="activation",transport="smtp"\} [1-9]/,
    );
  });

  it('sends each mail once when several workers (replicas) deliver the same outbox', async () => {
    const smtp = await smtpServer();
    const h = await startHarness({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    const { database, config, log } = h.service.context;
    for (let i = 0; i < 2; i++) {
      const replica = new MailWorker({ db: database.db, config, log, settings: { ...FAST, batchSize: 3 } });
      await replica.start();
      cleanups.push(() => replica.stop());
    }
    const requests = [];
    for (let i = 0; i < 30; i++) requests.push(await requestMail(h));
    await waitFor('every mail', () => smtp.received.length >= 30);
    await waitFor('every row marked sent', async () => (await h.outbox()).every((r) => r.status === 'sent'));
    await sleep(300);
    expect(smtp.received.flatMap((r) => r.recipients).sort()).toEqual(requests.map((r) => r.email).sort());
    expect((await h.outbox()).every((r) => r.attempts === 1)).toBe(true);
  });

  it('writes an .eml file under dataDir/mail when no SMTP is configured', async () => {
    const h = await startHarness();
    const mailDir = path.join(h.dataDir, 'mail');
    expect(h.logs.some((line) => line.includes(`no SMTP configured: mail is written to ${mailDir}`))).toBe(true);
    await requestMail(h, { kind: 'password_reset', email: 'bob@example.com', code: 'r&s t' });
    const files = await waitFor('the .eml file', () => {
      try {
        const found = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
        return found.length > 0 ? found : null;
      } catch {
        return null;
      }
    });
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(mailDir, files[0]!));
    expect(raw.toString('latin1')).toContain('\r\n');
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe('[Agora] Password reset');
    expect(mail.to && !Array.isArray(mail.to) && mail.to.text).toBe('bob@example.com');
    expect(mail.text).toContain('http://agora.test/users/password-reset?code=r%26s%20t');
    await waitFor('the row marked sent', async () => (await h.outbox())[0]?.status === 'sent');
  });

  it('sends zh_CN mail with the Chinese subject and text', async () => {
    const smtp = await smtpServer();
    const h = await startHarness({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    await requestMail(h, { kind: 'email_change', language: 'zh_CN', email: 'li@example.com', code: 'zh1' });
    await waitFor('the mail', () => smtp.received.length === 1);
    const { mail } = smtp.received[0]!;
    expect(mail.subject).toBe('[Agora] 确认你的新电子邮件地址');
    expect(mail.text).toContain('此链接将在 10 分钟后失效。');
    expect(mail.text).toContain('http://agora.test/users/confirm-new-email?code=zh1');
  });

  it('queues no mail for a link that has already expired', async () => {
    const h = await startHarness();
    await requestMail(h, { expires_at: new Date(Date.now() - 1000).toISOString() });
    await requestMail(h, { email: 'fresh@example.com' });
    await h.service.projections.waitForCatchUp();
    expect((await h.outbox()).map((r) => r.recipient)).toEqual(['fresh@example.com']);
  });

  it('marks a mail failed after its last attempt', async () => {
    const port = await freePort();
    const h = await startHarness({ smtpUrl: `smtp://127.0.0.1:${port}`, mail: { maxAttempts: 3 } });
    await requestMail(h);
    const [row] = await waitFor('the mail given up', async () => {
      const rows = await h.outbox();
      return rows[0]?.status === 'failed' ? rows : null;
    });
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row!.last_error).toContain('ECONNREFUSED');
    await sleep(300);
    expect((await h.outbox())[0]).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('gives up at once on a permanent rejection of the recipient, and other mail still goes out', async () => {
    const smtp = await smtpServer({ rejectRecipients: ['nobody@example.com'] });
    const h = await startHarness({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    // The server refuses this recipient for good (5xx on RCPT): no retry can help.
    await requestMail(h, { email: 'nobody@example.com' });
    await requestMail(h, { email: 'good@example.com' });
    await waitFor('the good mail', () => smtp.received.length === 1);
    // The server has the good mail before the worker marks it sent: wait for both final states.
    const rows = await waitFor('both mails settled', async () => {
      const all = await h.outbox();
      return all.every((r) => r.status === 'failed' || r.status === 'sent') ? all : null;
    });
    expect(rows.map((r) => [r.recipient, r.status])).toEqual([
      ['nobody@example.com', 'failed'],
      ['good@example.com', 'sent'],
    ]);
    expect(smtp.received[0]!.recipients).toEqual(['good@example.com']);
    expect(await metricsRegistry.getSingleMetricAsString('agora_mail_failed_total')).toMatch(
      /agora_mail_failed_total\{template="activation"\} [1-9]/,
    );
  });
});
