import { randomBytes } from 'node:crypto';
import { defaultSiteSettings } from '@agora/contracts';
import { createGateway, InProcessTransport } from '@agora/gateway';
import {
  createEventBus,
  type HttpApp,
  loadConfig,
  type RunningService,
  type ServiceModule,
  startService,
} from '@agora/platform';
import { siteService, updateSettingsGroup } from '@agora/site';
import pg from 'pg';
import type { Logger } from 'pino';
import { benchDatabase } from './support';

export interface BenchAgora {
  gateway: HttpApp;
  services: RunningService[];
  /** The running service of that name (one the bench was started with). */
  service(name: string): RunningService;
  /** A small pool for the bench's own reads of the read models. */
  pool: pg.Pool;
  /** Every projection of every service caught up. */
  settle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Site and the given services as `npm start` runs them, on a fresh PostgreSQL (fsync on) and a bus of the
 * given kind (Kafka from KAFKA_BROKERS), behind the in-process gateway; privileges at level 1, so every
 * member may vote up.
 */
export async function startBenchAgora(
  modules: ServiceModule[],
  options: { log: Logger; bus?: 'postgres' | 'kafka' },
): Promise<BenchAgora> {
  const { log } = options;
  const db = await benchDatabase();
  const config = loadConfig({ env: { AGORA_SITE_URL: 'http://agora.bench', AGORA_TRUST_PROXY: 'true' } });
  const bus = await createEventBus({
    kind: options.bus ?? 'postgres',
    databaseUrl: db.url,
    kafkaBrokers: process.env.KAFKA_BROKERS?.split(','),
    kafkaPrefix: `agora-bench-${randomBytes(3).toString('hex')}`,
    log,
  });
  const site = await startService(siteService, { config, databaseUrl: db.url, bus, log });
  const services: RunningService[] = [site];
  for (const module of modules) services.push(await startService(module, { config, databaseUrl: db.url, bus, log }));
  const gateway = await createGateway({
    log,
    transports: Object.fromEntries(services.map((s) => [s.name, new InProcessTransport(s.app)])),
  });
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  // A dropped connection (the server stopping at the end) fails its query; it must not end the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  await updateSettingsGroup(
    site.context,
    { group: 'privileges', values: { ...defaultSiteSettings(config.siteUrl).privileges, level: 1 } } as never,
    null,
  );
  return {
    gateway,
    services,
    service(name) {
      const found = services.find((s) => s.name === name);
      if (!found) throw new Error(`the bench runs no ${name} service`);
      return found;
    },
    pool,
    async settle(timeoutMs = 600_000) {
      for (const service of services) await service.projections.waitForCatchUp(timeoutMs);
    },
    async close() {
      await gateway.close();
      for (const service of [...services].reverse()) await service.close();
      await bus.close();
      await pool.end();
      await db.stop();
    },
  };
}
