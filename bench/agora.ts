import { randomBytes } from 'node:crypto';
import { defaultSiteSettings } from '@agora/contracts';
import { composeAgora, type PageRenderer } from '@agora/gateway';
import { type HttpApp, loadConfig, type RunningService, type ServiceModule } from '@agora/platform';
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
 * Site and the given services as `npm start` runs them, on a fresh PostgreSQL (fsync on) — or a copy of the one a
 * posts bench seeded (`seededFrom`, its BENCH_DB_DIR) — and a bus of the given kind (Kafka from KAFKA_BROKERS),
 * behind the in-process gateway; privileges at level 1, so every member may vote up.
 */
export async function startBenchAgora(
  modules: ServiceModule[],
  options: {
    log: Logger;
    bus?: 'postgres' | 'kafka';
    seededFrom?: string;
    /** A posts bench's BENCH_DB_DIR to run on itself, not on a copy (bench/complete-seed.ts). */
    inPlace?: string;
    /** The web app's folder (its index.html) and the server-rendered pages, as `npm start` serves them. */
    web?: { webRoot: string; pages: PageRenderer };
    /** More configuration, as the environment would give it (OpenSearch's, say). */
    env?: Record<string, string>;
  },
): Promise<BenchAgora> {
  const { log } = options;
  const db = await benchDatabase(options.inPlace, { copyFrom: options.seededFrom });
  const config = loadConfig({
    env: { AGORA_SITE_URL: 'http://agora.bench', AGORA_TRUST_PROXY: 'true', ...options.env },
  });
  const agora = await composeAgora({
    config,
    databaseUrl: db.url,
    log,
    services: [siteService, ...modules],
    bus: {
      kind: options.bus ?? 'postgres',
      kafkaBrokers: process.env.KAFKA_BROKERS?.split(','),
      kafkaPrefix: `agora-bench-${randomBytes(3).toString('hex')}`,
    },
    gateway: options.web,
  });
  const { gateway, services } = agora;
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  // A dropped connection (the server stopping at the end) fails its query; it must not end the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  await updateSettingsGroup(
    agora.service('site').context,
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
    settle: (timeoutMs = 600_000) => agora.settle(timeoutMs),
    async close() {
      await agora.close();
      await pool.end();
      await db.stop();
    },
  };
}
