import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PluginSlug, Role, type SiteSettings } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { createTestDatabase, kafkaBrokers } from '@agora/test-support/database';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 22's budget on the Kafka bus: a setting saved through one replica's gateway is applied by another
 * replica of a service within 500 ms. Two compositions of site and identity share one database and one Kafka
 * topic prefix, as two machines of a scaled-out site do: each identity instance is a member of the same
 * consumer group, and the setting is read through the other replica's own settings reader and gateway.
 */

const BUDGET_MS = 500;
const ROUNDS = 12;
const ADMIN = '/answer/admin/api';
const brokers = kafkaBrokers();

/** How long until `applied` holds in the other replica, polled every 2 ms; fails past twice the budget. */
async function timeUntil(applied: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await applied())) {
    if (performance.now() - started > BUDGET_MS * 2) throw new Error('the setting never reached the other replica');
    await sleep(2);
  }
  return performance.now() - started;
}

(brokers ? describe : describe.skip)('a setting saved through one replica, applied in another, Kafka bus', () => {
  let database: { url: string; drop: () => Promise<void> };
  let first: Stack;
  let second: Stack;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase('replicas');
    const shared = { url: database.url, drop: async () => {} };
    const kafkaPrefix = `agora-replicas-${randomUUID().slice(0, 8)}`;
    const options = { services: [siteService, identityService], kafkaBrokers: brokers, kafkaPrefix, database: shared };
    first = await startStack(options);
    second = await startStack(options);
    admin = await login(first, await createUser(first, { roleId: Role.admin }));
  }, 120_000);

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  const otherReplica = (): Promise<SiteSettings> => second.service('identity').context.siteSettings();

  it(`applies each save in the other replica's identity within ${BUDGET_MS} ms`, async () => {
    const took: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const allow = round % 2 === 1;
      const saved = await first.call('PUT', `${ADMIN}/siteinfo/login`, {
        token: admin,
        body: { allow_new_registrations: allow, require_email_verification: false },
      });
      expect(saved.status).toBe(200);
      took.push(await timeUntil(async () => (await otherReplica()).login.allow_new_registrations === allow));
    }
    // Once applied there, the other replica's gateway acts on it.
    const register = await second.call('POST', '/answer/api/v1/user/register/email', {
      body: { name: 'Late Comer', e_mail: 'late.comer@example.com', pass: 'long-enough-1' },
    });
    expect(register.status).toBe(200);
    expect(Math.max(...took)).toBeLessThanOrEqual(BUDGET_MS);
  });

  it(`applies a plugin switched on through one replica in the other's identity within ${BUDGET_MS} ms`, async () => {
    const saved = await first.call('PUT', `${ADMIN}/plugin/status`, {
      token: admin,
      body: { plugin_slug_name: PluginSlug.captcha, enabled: true },
    });
    expect(saved.status).toBe(200);
    const took = await timeUntil(async () => (await otherReplica()).security.captcha_enabled === true);
    expect(took).toBeLessThanOrEqual(BUDGET_MS);
    const due = await second.call('GET', '/answer/api/v1/user/action/record?action=e_mail');
    expect(due.body.data.verify).toBe(true);
  });
});
