/**
 * The scaled-out topology for real (issue 24 Proof): `Cluster` starts two replicas of posts and votes and two
 * gateways as processes on Kafka, as `cluster up --replicas posts=2,votes=2,gateway=2` does. Reads one's own
 * writes through different replicas, then kills one replica of each and one gateway (kill -9) during a write
 * run and finds every acknowledged write afterwards. In test:full only (it needs Kafka, and 13 processes).
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Role } from '@agora/contracts';
import { composeServices } from '@agora/gateway';
import { accountsFor, identityService } from '@agora/identity';
import { loadConfig } from '@agora/platform';
import { fullSuite, kafkaBrokers, opensearchUrl } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import pino from 'pino';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRuntimeBuild } from '../runtime-build.mjs';
import { Cluster } from '../src/cluster/cluster';
import { parseReplicas } from '../src/cluster/topology';

const API = '/answer/api/v1';
const brokers = fullSuite ? kafkaBrokers() : undefined;
const search = fullSuite ? opensearchUrl() : undefined;

interface Answer {
  status: number;
  body: { data?: Record<string, unknown> | null; reason?: string } | null;
}

/** A keep-alive pool per gateway: a request is on its socket at once, without fetch's per-call setup. */
const pools = new Map<string, Pool>();

async function call(base: string, method: string, route: string, token?: string, body?: unknown): Promise<Answer> {
  let pool = pools.get(base);
  if (!pool) {
    pool = new Pool(base, { connections: 8 });
    pools.set(base, pool);
  }
  const response = await pool.request({
    method: method as 'GET',
    path: `${API}/${route}`,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const text = await response.body.text();
  return { status: response.statusCode, body: text ? JSON.parse(text) : null };
}

/** Two members made through identity's own command (as `admin create` does), signed in over HTTP. */
async function members(cluster: Cluster, gateway: string, count: number): Promise<string[]> {
  const log = pino({ level: 'silent' });
  const config = loadConfig({
    env: {
      AGORA_BUS: 'kafka',
      KAFKA_BROKERS: (brokers ?? []).join(','),
      AGORA_KAFKA_PREFIX: cluster.options.kafkaPrefix ?? 'agora',
      AGORA_SEARCH: 'opensearch',
      OPENSEARCH_URL: search ?? '',
    },
  });
  const identity = await composeServices({
    config,
    databaseUrl: cluster.databaseUrlOf('identity'),
    log,
    services: [{ module: identityService, maxConnections: 2 }],
  });
  const credentials: Array<{ email: string; password: string }> = [];
  try {
    const accounts = accountsFor(identity.service('identity'));
    for (let i = 0; i < count; i++) {
      const email = `member${i}-${randomUUID().slice(0, 8)}@example.com`;
      const password = `cluster-secret-${i}`;
      await accounts.register({
        email,
        displayName: `Cluster Member ${i}`,
        password,
        roleId: Role.admin,
        activated: true,
        createdBy: 'admin',
        actorId: null,
      });
      credentials.push({ email, password });
    }
  } finally {
    await identity.close();
  }
  const tokens = [];
  for (const { email, password } of credentials) {
    const login = await call(gateway, 'POST', 'user/login/email', undefined, { e_mail: email, pass: password });
    expect(login.status).toBe(200);
    tokens.push(String(login.body?.data?.access_token));
  }
  return tokens;
}

const ask = (gateway: string, token: string, n: string) =>
  call(gateway, 'POST', 'question', token, {
    title: `Scaled out question number ${n}`,
    content: `Asked through a gateway of a cluster with replicas, number ${n}.`,
    tags: [{ slug_name: 'cluster' }],
  });

if (!brokers || !search) {
  describe.skip('the scaled-out topology on Kafka (test:full)', () => it('needs Kafka and OpenSearch'));
} else {
  describe('the scaled-out topology on Kafka: two replicas of posts and votes, two gateways', () => {
    let cluster: Cluster;
    let runDir: string;
    let tokens: string[];

    beforeAll(async () => {
      await ensureRuntimeBuild({ ifStale: true, say: () => {} });
      runDir = mkdtempSync(path.join(os.tmpdir(), 'agora-cluster-'));
      // The embedded server may run as another system user (under root): it must be able to enter.
      chmodSync(runDir, 0o755);
      // Below Linux's ephemeral range (32768 and up), where a client connection elsewhere may hold a port.
      const base = 20_000 + Math.floor(Math.random() * 12_000);
      cluster = await Cluster.start({
        runDir,
        replicas: parseReplicas('posts=2,votes=2,gateway=2'),
        gatewayPort: base,
        servicePort: base + 10,
        infra: { kafkaBrokers: brokers, opensearchUrl: search },
        kafkaPrefix: `agora-cluster-${randomUUID().slice(0, 8)}`,
        dbConnections: 3,
        logLevel: 'warn',
      });
      const [first] = cluster.gatewayUrls;
      tokens = await members(cluster, first as string, 2);
    }, 300_000);

    afterAll(async () => {
      await Promise.all([...pools.values()].map((pool) => pool.destroy()));
      await cluster?.stop();
      if (runDir) rmSync(runDir, { recursive: true, force: true });
    }, 120_000);

    it('lists every process healthy, with its projections lag', async () => {
      const health = await cluster.health();
      expect(health.map((h) => h.name)).toEqual(cluster.specs.map((s) => s.name));
      expect(health.every((h) => h.ready && h.pid !== null)).toBe(true);
      const posts = health.find((h) => h.name === 'posts-2');
      expect(Object.keys(posts?.lag ?? {}).length).toBeGreaterThan(0);
      expect(Cluster.budgetOf(cluster.options)).toMatchObject({ processes: 12 });
    });

    it('reads its own writes through different replicas: ask, then vote, follow and report at once, 100 times', async () => {
      const [asker, other] = tokens as [string, string];
      const [one, two] = cluster.gatewayUrls as [string, string];
      const refused: string[] = [];
      /** From the ask's answer to the vote on its socket, and to all three on theirs. */
      const gaps: number[] = [];
      const allGaps: number[] = [];
      for (let round = 0; round < 100; round++) {
        // The ask through one gateway, the rest through the other: posts, votes and moderation replicas differ.
        const [askVia, actVia] = round % 2 === 0 ? [one, two] : [two, one];
        const asked = await ask(askVia, asker, `${round}-${randomUUID().slice(0, 6)}`);
        expect(asked.status).toBe(200);
        const acked = performance.now();
        const id = String(asked.body?.data?.id);
        const vote$ = call(actVia, 'POST', 'vote/up', other, { object_id: id });
        const voteSent = performance.now();
        const sent = [
          vote$,
          call(askVia, 'POST', 'follow', other, { object_id: id, is_cancel: false }),
          call(actVia, 'POST', 'report', other, { object_id: id, report_type: 57 }),
        ];
        gaps.push(voteSent - acked);
        allGaps.push(performance.now() - acked);
        const [vote, follow, report] = await Promise.all(sent);
        for (const [name, answer] of Object.entries({ vote, follow, report })) {
          if (answer?.status !== 200) refused.push(`${round} ${name} ${answer?.status} ${answer?.body?.reason}`);
        }
      }
      expect(refused).toEqual([]);
      // The vote leaves within a millisecond of the ask's answer (the median: this shared machine's two cores
      // pause the test now and then for a few), follow and report right behind it: far below a catch-up's bound,
      // though a loaded CI machine has taken 7.8 ms at the p90.
      const at = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)];
      expect(at(gaps, 0.5)).toBeLessThan(1);
      expect(at(allGaps, 0.9)).toBeLessThan(20);
    }, 300_000);

    it('loses no acknowledged write when a replica of posts and of votes and a gateway are killed mid-run', async () => {
      const [asker, voter] = tokens as [string, string];
      const gateways = cluster.gatewayUrls;
      const asked: string[] = [];
      const voted: string[] = [];
      let running = true;
      const writer = async (lane: number) => {
        for (let n = 0; running; n++) {
          const gateway = gateways[(n + lane) % gateways.length] as string;
          try {
            const question = await ask(gateway, asker, `${lane}-${n}-${randomUUID().slice(0, 6)}`);
            // Not acknowledged (an outage answer while a replica was taken out): nothing to find later.
            if (question.status !== 200) continue;
            const id = String(question.body?.data?.id);
            asked.push(id);
            const vote = await call(gateway, 'POST', 'vote/up', voter, { object_id: id });
            if (vote.status === 200) voted.push(id);
          } catch {
            // The gateway itself is gone: a client's error, nothing acknowledged.
            await sleep(50);
          }
        }
      };
      const lanes = [writer(0), writer(1)];
      await sleep(3000);
      const before = asked.length;
      await Promise.all([cluster.kill('posts-2'), cluster.kill('votes-2'), cluster.kill('gateway-2')]);
      expect(
        cluster
          .processes()
          .filter((p) => !p.running)
          .map((p) => p.name),
      ).toEqual(['posts-2', 'votes-2', 'gateway-2']);
      // Writes go on after the kill, through the replicas left. A vote on a question whose partition the dead
      // votes replica held waits out the catch-up bound (and answers 503) until Kafka's group hands the
      // partition on, a session timeout later: a lane may stand for seconds, more on a loaded machine.
      const votedBefore = voted.length;
      await eventually(async () => asked.length > before + 5 && voted.length > votedBefore, 60_000, 200).finally(() => {
        running = false;
      });
      await Promise.all(lanes);

      const [survivor] = gateways as [string];
      // Every acknowledged question is there, every acknowledged vote counted once; a vote whose answer was
      // lost with its replica may have been applied, but never twice.
      let wrong: string[] = [];
      await eventually(
        async () => {
          const infos = await Promise.all(asked.map((id) => call(survivor, 'GET', `question/info?id=${id}`, voter)));
          wrong = infos.flatMap((info, i) => {
            const id = asked[i] as string;
            const votes = Number(info.body?.data?.vote_count);
            const fine = info.status === 200 && (voted.includes(id) ? votes === 1 : votes <= 1);
            return fine ? [] : [`${id}: ${info.status} ${info.body?.reason ?? ''} votes ${votes}`];
          });
          return wrong.length === 0;
        },
        90_000,
        1000,
      ).catch((error) => {
        throw new Error(`${(error as Error).message}: ${wrong.slice(0, 10).join('; ')} (of ${asked.length})`);
      });

      // Started again, the killed processes are healthy and back in the gateway's rotation.
      for (const name of ['posts-2', 'votes-2', 'gateway-2']) cluster.startProcess(name);
      await cluster.waitHealthy(['posts-2', 'votes-2', 'gateway-2'], 120_000);
      const again = await ask(gateways[1] as string, asker, `after-${randomUUID().slice(0, 6)}`);
      expect(again.status).toBe(200);
    }, 400_000);
  });
}
