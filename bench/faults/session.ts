/**
 * The scaled-out topology a fault or replica run works on: its own Kafka and OpenSearch (own-infra.ts), a
 * cluster under a run directory in /tmp (`Cluster`, docs/adr/0076-cluster-command.md), an admin made through
 * identity's own command, a few questions to read, and the load members made by the scenarios' setup.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Role } from '@agora/contracts';
import { composeServices } from '@agora/gateway';
import { accountsFor, identityService } from '@agora/identity';
import { type AgoraConfig, loadConfig } from '@agora/platform';
import pino from 'pino';
import { expectData, type LoadRequest, send } from '../../infra/k6/lib/api.js';
import type { Scenario, SetupData } from '../../infra/k6/lib/scenarios.js';
import { MEMBER_PASSWORD, prepare } from '../../infra/k6/lib/setup.js';
import { ensureRuntimeBuild } from '../../launcher/runtime-build.mjs';
import { Cluster } from '../../launcher/src/cluster/cluster';
import type { Role as ClusterRole } from '../../launcher/src/cluster/topology';
import { sendRequest } from '../load/send';
import type { OwnInfra } from './own-infra';

/** Questions asked before the run, so that readers have something to read. */
const SEED_QUESTIONS = 30;
const SEED_TAGS = ['faults', 'kafka', 'replicas'];

export interface SessionOptions {
  runDir: string;
  infra: OwnInfra;
  replicas: Record<ClusterRole, number>;
  gatewayPort: number;
  servicePort: number;
  say: (line: string) => void;
}

export interface Session {
  cluster: Cluster;
  config: AgoraConfig;
  admin: { email: string; password: string };
  close(): Promise<void>;
}

/** Settings of a process outside the cluster (the admin command, the rebuild) that reaches the same bus. */
export function configOf(cluster: Cluster): AgoraConfig {
  return loadConfig({
    env: {
      AGORA_BUS: 'kafka',
      KAFKA_BROKERS: (cluster.infra?.kafkaBrokers ?? []).join(','),
      AGORA_KAFKA_PREFIX: cluster.options.kafkaPrefix ?? 'agora',
      AGORA_SEARCH: 'opensearch',
      OPENSEARCH_URL: cluster.infra?.opensearchUrl ?? '',
    },
  });
}

export async function startSession(options: SessionOptions): Promise<Session> {
  const { say, infra } = options;
  await ensureRuntimeBuild({ ifStale: true, say });
  rmSync(options.runDir, { recursive: true, force: true });
  mkdirSync(options.runDir, { recursive: true });
  // The embedded server runs as another system user under root: it must be able to enter.
  chmodSync(options.runDir, 0o755);
  say(`Kafka ${infra.kafkaBrokers.join(',')} and OpenSearch ${infra.opensearchUrl} of this run's own`);
  await infra.up();
  const start = () =>
    Cluster.start({
      runDir: options.runDir,
      replicas: options.replicas,
      gatewayPort: options.gatewayPort,
      servicePort: options.servicePort,
      infra: { kafkaBrokers: infra.kafkaBrokers, opensearchUrl: infra.opensearchUrl },
      kafkaPrefix: `agora-faults-${randomUUID().slice(0, 8)}`,
      dbConnections: 3,
      logLevel: 'warn',
      // The load members all sign in from this one address.
      env: { AGORA_RATE_LIMITS: 'login_ip=10000/600' },
      say,
    });
  // On a busy shared machine a process may fail its start (a database connection cut while it migrates):
  // the whole topology is started once more before giving up.
  const cluster = await start().catch((error: Error) => {
    say(`the cluster did not start (${error.message.split('\n')[0]}); starting it once more`);
    return start();
  });
  const config = configOf(cluster);
  try {
    const admin = await createAdmin(cluster, config);
    return {
      cluster,
      config,
      admin,
      async close() {
        await cluster.stop();
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** An admin made through identity's own command (as `admin create` does). */
async function createAdmin(cluster: Cluster, config: AgoraConfig) {
  const identity = await composeServices({
    config,
    databaseUrl: cluster.databaseUrlOf('identity'),
    log: pino({ level: 'silent' }),
    services: [{ module: identityService, maxConnections: 2 }],
  });
  const admin = { email: `faults-admin-${randomUUID().slice(0, 8)}@example.com`, password: 'faults-admin-secret' };
  try {
    await accountsFor(identity.service('identity')).register({
      email: admin.email,
      displayName: 'Faults Admin',
      password: admin.password,
      roleId: Role.admin,
      activated: true,
      createdBy: 'admin',
      actorId: null,
    });
  } finally {
    await identity.close();
  }
  return admin;
}

/** Waits until no projection of any service has events left to read. */
export async function settled(cluster: Cluster, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const health = await cluster.health(
      cluster
        .processes()
        .filter((p) => p.running && p.role !== 'gateway')
        .map((p) => p.name),
    );
    const behind = health.reduce((sum, h) => sum + Object.values(h.lag).reduce((a, b) => a + b, 0), 0);
    if (behind === 0) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`Projections still ${behind} events behind after ${timeoutMs} ms`);
    await sleep(500);
  }
}

/** A setup request may find a service briefly not ready on a busy machine: 503 (never sent on) is tried again. */
async function sendSetup(gateway: string, request: LoadRequest) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await sendRequest(gateway, request);
    const retry = answer.status === 503 || (answer.status === 0 && request.method === 'GET');
    if (!retry || Date.now() > deadline) return answer;
    await sleep(1000);
  }
}

/** Questions to read, then the scenario's setup: its members (one per user), signed in. */
export async function prepareSite(session: Session, scenario: Scenario, users: number): Promise<SetupData> {
  const [gateway] = session.cluster.gatewayUrls;
  if (!gateway) throw new Error('The cluster has no gateway');
  const login = await sendSetup(
    gateway,
    send('POST', 'user/login/email', { e_mail: session.admin.email, pass: session.admin.password }),
  );
  const token = String((expectData(login, 'Signing the admin in') as { access_token: string }).access_token);
  for (let i = 0; i < SEED_QUESTIONS; i++) {
    const tag = SEED_TAGS[i % SEED_TAGS.length] ?? 'faults';
    const asked = await sendSetup(gateway, {
      ...send('POST', 'question', {
        title: `How does ${tag} behave when a process dies, case ${i}?`,
        content: 'What was tried, and what happened instead, in enough words for the site to take it.',
        tags: [{ slug_name: tag }],
      }),
      token,
    });
    expectData(asked, `Asking seed question ${i}`);
  }
  await settled(session.cluster);
  // The scenario's own setup (infra/k6/lib/setup.js), driven as bench/load's runner drives it.
  const steps = prepare(scenario, {
    users,
    adminEmail: session.admin.email,
    adminPassword: session.admin.password,
    memberPassword: MEMBER_PASSWORD,
    memberPrefix: 'faults-member',
    runId: Date.now().toString(36),
  });
  let next = steps.next();
  while (!next.done) next = steps.next(await sendSetup(gateway, next.value));
  const data = next.value;
  // Every service has heard of the members before they write.
  await settled(session.cluster);
  return data;
}

export const RUN_ROOT = process.env.AGORA_FAULTS_DIR ?? '/tmp/agora-faults';
export const runDirOf = (name: string) => path.join(RUN_ROOT, name);
