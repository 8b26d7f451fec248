import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { composeAgora, type PageRenderer } from '@agora/gateway';
import { type HttpApp, loadConfig, type RunningService, type ServiceModule } from '@agora/platform';
import pg from 'pg';
import pino from 'pino';
import { createTestDatabase } from './database';

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Stack {
  gateway: HttpApp;
  databaseUrl: string;
  dataDir: string;
  service(name: string): RunningService;
  /** Stops the routed instance of a service, as a crash or a deployment would; calls to it answer 404 until restarted. */
  stop(name: string): Promise<void>;
  /**
   * Starts a service's module again on the same database and bus, routed by the gateway (`routed: false`: another
   * instance beside the routed one, a replica a test puts behind a gateway of its own).
   */
  start(module: ServiceModule, options?: { routed?: boolean }): Promise<RunningService>;
  /** Opens the gateway on a loopback port (any free one by default), for a browser or another process; its address. */
  listen(port?: number): Promise<string>;
  call(
    method: string,
    url: string,
    options?: CallOptions,
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  query<T = any>(text: string, values?: unknown[]): Promise<T[]>;
  /** Waits until every service's projections have read everything. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface StackOptions {
  services: ServiceModule[];
  env?: Record<string, string>;
  /** A database the test provides (on a server it runs itself); by default a fresh one on the shared server. */
  database?: { url: string; drop(): Promise<void> };
  /** Kafka brokers to run the bus on (topics under a fresh prefix); the PostgreSQL log by default. */
  kafkaBrokers?: string[];
  /** The topic prefix on Kafka (a fresh one by default); two stacks given the same one are replicas of each other. */
  kafkaPrefix?: string;
  /** The built web app for the gateway to serve at `/` (the browser tests); only the API by default. */
  webRoot?: string;
  /** The server-rendered public pages (`createPageRenderer` of `@agora/root/server`); none by default. */
  pages?: PageRenderer;
}

/** Agora as `npm start` composes it, on a fresh test database, with the gateway in-process. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const { url, drop } = options.database ?? (await createTestDatabase('stack'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-stack-'));
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const config = loadConfig({
    env: { AGORA_SITE_URL: 'http://agora.test', AGORA_DATA_DIR: dataDir, ...options.env },
  });
  const agora = await composeAgora({
    config,
    databaseUrl: url,
    log,
    services: options.services,
    maxConnections: 5,
    bus: options.kafkaBrokers
      ? {
          kind: 'kafka',
          kafkaBrokers: options.kafkaBrokers,
          kafkaPrefix: options.kafkaPrefix ?? `agora-stack-${randomUUID().slice(0, 8)}`,
        }
      : { kind: 'postgres' },
    gateway: { webRoot: options.webRoot, pages: options.pages },
  }).catch(async (error) => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const { gateway } = agora;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // An idle connection the server drops is replaced on the next query; unheard, its error would end the run.
  pool.on('error', () => {});

  const stack: Stack = {
    gateway,
    databaseUrl: url,
    dataDir,
    service: (name) => agora.service(name),
    stop: (name) => agora.stop(agora.service(name)),
    start: (module, options) => agora.start(module, options),
    listen: (port = 0) => agora.listen({ host: '127.0.0.1', port }),
    async call(method, target, callOptions = {}) {
      const response = await gateway.inject({
        method: method as 'GET',
        url: target,
        headers: {
          ...(callOptions.token ? { authorization: callOptions.token } : {}),
          ...(callOptions.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...callOptions.headers,
        },
        ...(callOptions.body !== undefined ? { payload: JSON.stringify(callOptions.body) } : {}),
      });
      // A redirect (the connectors' callback) answers no body.
      return { status: response.statusCode, body: response.body ? response.json() : null, headers: response.headers };
    },
    async query(text, values = []) {
      return (await pool.query(text, values)).rows;
    },
    async settle() {
      await agora.settle(20_000);
      await sleep(10);
    },
    async close() {
      await agora.close();
      await pool.end();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}
