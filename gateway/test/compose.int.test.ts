import { identityService } from '@agora/identity';
import { type AgoraConfig, loadConfig, type ServiceModule } from '@agora/platform';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createTestDatabase } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ComposedAgora, composeAgora, composeServices } from '../src/compose';

const log = pino({ level: 'silent' });
const API = '/answer/api/v1';
let database: { url: string; drop(): Promise<void> };
let probe: pg.Client;
let config: AgoraConfig;

beforeAll(async () => {
  database = await createTestDatabase('compose');
  probe = new pg.Client({ connectionString: database.url });
  await probe.connect();
  config = loadConfig({ env: { AGORA_SITE_URL: 'http://agora.test' } });
});

afterAll(async () => {
  await probe?.end();
  await database?.drop();
});

/** Every connection to the test database but the probe's own: pools, leases, listeners, the bus. */
async function openConnections(): Promise<number> {
  const { rows } = await probe.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows[0]!.n;
}

const noConnectionsLeft = () => eventually(async () => (await openConnections()) === 0, 10_000);

/** What closes, in order: each `close` still does its work, and says so first. */
function recordClosing(agora: ComposedAgora): string[] {
  const closed: string[] = [];
  const record = (target: { close(): Promise<void> }, name: string) => {
    const close = target.close.bind(target);
    target.close = async () => {
      closed.push(name);
      await close();
    };
  };
  record(agora.gateway, 'gateway');
  for (const service of agora.services) record(service, service.name);
  record(agora.bus, 'bus');
  return closed;
}

describe('composing Agora in one process', () => {
  let agora: ComposedAgora | null = null;
  afterEach(async () => {
    await agora?.close();
    agora = null;
    await noConnectionsLeft();
  });

  it('routes the gateway to every composed service, and close() stops the gateway, then the services last first, then the bus', async () => {
    agora = await composeAgora({ config, databaseUrl: database.url, log, services: [siteService, identityService] });
    expect(agora.services.map((s) => s.name)).toEqual(['site', 'identity']);

    const site = await agora.gateway.inject({ method: 'GET', url: `${API}/siteinfo` });
    expect(site.statusCode).toBe(200);
    expect(site.json().data.general.site_url).toBe('http://agora.test');
    const identity = await agora.gateway.inject({ method: 'GET', url: `${API}/user/action/record?action=login` });
    expect(identity.statusCode).toBe(200);
    expect(identity.json().data.verify).toBe(false);
    // A service not composed is not routed.
    expect((await agora.gateway.inject({ method: 'GET', url: `${API}/tags/page?page=1` })).statusCode).toBe(404);
    expect(await openConnections()).toBeGreaterThan(0);

    const closed = recordClosing(agora);
    await agora.close();
    agora = null;
    expect(closed).toEqual(['gateway', 'identity', 'site', 'bus']);
    // The pools, leases and change listeners of both services and the bus's listener are all gone.
    await noConnectionsLeft();
  });

  it('routes an instance started later, drops it when stopped, and keeps an unrouted one off the gateway', async () => {
    agora = await composeAgora({ config, databaseUrl: database.url, log, services: [siteService] });
    const tagsPage = () => agora!.gateway.inject({ method: 'GET', url: `${API}/tags/page?page=1&page_size=10` });
    expect((await tagsPage()).statusCode).toBe(404);

    const aside = await agora.start(tagsService, { routed: false, maxConnections: 2 });
    expect(aside.context.database.pool.options.max).toBe(2);
    expect((await tagsPage()).statusCode).toBe(404);
    await agora.stop(aside);

    const tags = await agora.start(tagsService);
    expect((await tagsPage()).statusCode).toBe(200);
    await expect(agora.start(tagsService)).rejects.toThrow(/tags is already routed/);
    expect(agora.service('tags')).toBe(tags);

    await agora.stop(tags);
    expect((await tagsPage()).statusCode).toBe(404);
    expect(agora.services.map((s) => s.name)).toEqual(['site']);
  });

  it('listens on a port when asked, and serves the same routes over HTTP', async () => {
    agora = await composeAgora({ config, databaseUrl: database.url, log, services: [siteService] });
    const url = await agora.listen({ host: '127.0.0.1', port: 0 });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}${API}/siteinfo`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { general: { site_url: string } } }).data.general.site_url).toBe(
      'http://agora.test',
    );
  });

  it('gives each service the pool size asked for it, else the composition-wide one', async () => {
    const services = await composeServices({
      config,
      databaseUrl: database.url,
      log,
      services: [siteService, { module: identityService, maxConnections: 3 }],
      maxConnections: 4,
    });
    try {
      expect(services.service('site').context.database.pool.options.max).toBe(4);
      expect(services.service('identity').context.database.pool.options.max).toBe(3);
      await services.settle(20_000);
    } finally {
      await services.close();
    }
  });

  it('stops what it had started when a service fails to start, and leaks no connection', async () => {
    const failing: ServiceModule = {
      name: 'failing',
      migrations: {},
      events: [],
      shared: { actors: false, siteSettings: false },
      setup() {
        throw new Error('this service cannot start');
      },
      async routes() {},
    };
    await expect(
      composeAgora({ config, databaseUrl: database.url, log, services: [siteService, identityService, failing] }),
    ).rejects.toThrow('this service cannot start');
    await noConnectionsLeft();
  });
});
