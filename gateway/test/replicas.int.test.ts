import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig, type RunningService } from '@agora/platform';
import { siteService } from '@agora/site';
import { createTestDatabase } from '@agora/test-support/database';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BalancedTransport } from '../src/balancer/balanced-transport';
import { type ComposedAgora, composeAgora } from '../src/compose';
import { createGateway } from '../src/gateway';
import { transportsOverHttp } from '../src/service-transports';
import { type ForwardRequest, HttpTransport, type ServiceTransport } from '../src/transports';

const log = pino({ level: 'silent' });
const SITEINFO = '/answer/api/v1/siteinfo';
let drop: () => Promise<void>;
let agora: ComposedAgora;
/** Two replicas of site, each a real service listening on its own port, on one database. */
const replicas: Array<{ instance: RunningService; url: string }> = [];
const opened: ServiceTransport[] = [];

/** Counts what each replica's transport is handed: which replica took a request. */
class Counted implements ServiceTransport {
  calls = 0;
  constructor(private readonly inner: ServiceTransport) {}
  forward(request: ForwardRequest) {
    if (request.url !== '/readyz') this.calls += 1;
    return this.inner.forward(request);
  }
  close() {
    return this.inner.close();
  }
}

async function startReplica(port = 0): Promise<{ instance: RunningService; url: string }> {
  const instance = await agora.start(siteService, { routed: false, maxConnections: 2 });
  // Ready (and so balanced to) once its projections have caught up with the log (docs/adr/0092-ready-when-caught-up.md).
  await instance.projections.startedUp;
  const url = await instance.app.listen({ host: '127.0.0.1', port });
  return { instance, url };
}

// A loaded test machine may take longer than production's readiness timeout to answer `/readyz`; a replica
// stopped or refusing is still out at once.
function balanced(urls: string[], intervalMs?: number, timeoutMs = 5_000) {
  const counted = urls.map((url) => new Counted(new HttpTransport(url)));
  const transport = new BalancedTransport(
    counted.map((c, i) => ({ url: urls[i] as string, transport: c })),
    { service: 'site', intervalMs, timeoutMs },
  );
  opened.push(transport);
  return { transport, counted };
}

const get = (transport: ServiceTransport, url = SITEINFO) =>
  transport.forward({ method: 'GET', url, headers: {}, body: undefined });
/** A write (an admin's settings change), sent without a token: the service answers it 401. */
const write = (transport: ServiceTransport) =>
  transport.forward({
    method: 'PUT',
    url: '/answer/admin/api/setting/smtp',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from('{}'),
  });

async function until(check: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(20);
  }
  return Date.now() - started;
}

beforeAll(async () => {
  const database = await createTestDatabase('replicas');
  drop = database.drop;
  const config = loadConfig({ env: { AGORA_SITE_URL: 'http://agora.test' } });
  agora = await composeAgora({ config, databaseUrl: database.url, log, services: [], maxConnections: 2 });
  replicas.push(await startReplica(), await startReplica());
});

afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
  await agora?.close();
  await drop?.();
});

describe('replicas behind the gateway', () => {
  it('balances requests across the ready replicas, and two gateways answer alike', async () => {
    const { transport, counted } = balanced(replicas.map((r) => r.url));
    for (let i = 0; i < 10; i++) expect((await get(transport)).status).toBe(200);
    expect(counted.map((c) => c.calls)).toEqual([5, 5]);

    const urls = { site: replicas.map((r) => r.url) };
    const gateways = [];
    for (let i = 0; i < 2; i++) {
      const transports = transportsOverHttp(urls);
      opened.push(...Object.values(transports));
      gateways.push(await createGateway({ log, transports }));
    }
    const answers = await Promise.all(gateways.map((g) => g.inject({ url: SITEINFO })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    await Promise.all(gateways.map((g) => g.close()));
  });

  it('takes a dead replica out within a second, serves every request meanwhile, and takes it back when ready', async () => {
    const { transport, counted } = balanced(replicas.map((r) => r.url));
    await until(() => transport.status().every((s) => s.ready), 2000);
    const [, second] = replicas;
    if (!second) throw new Error('two replicas');
    const port = Number(new URL(second.url).port);
    await agora.stop(second.instance);
    const out = await until(() => transport.status()[1]?.ready === false, 2000);
    expect(out).toBeLessThan(1100);
    const before = counted[1]?.calls ?? 0;
    for (let i = 0; i < 20; i++) expect((await get(transport)).status).toBe(200);
    // Out, it is not even tried.
    expect(counted[1]?.calls).toBe(before);

    replicas[1] = await startReplica(port);
    await until(() => transport.status()[1]?.ready === true, 2000);
    for (let i = 0; i < 4; i++) expect((await get(transport)).status).toBe(200);
    expect(counted[1]?.calls).toBeGreaterThan(before);
  });

  it('sends a write that was refused a connection to another replica', async () => {
    // Readiness asked rarely: the replica is still in when the write is sent to it.
    const { transport, counted } = balanced(
      replicas.map((r) => r.url),
      60_000,
    );
    await sleep(200);
    const [, second] = replicas;
    if (!second) throw new Error('two replicas');
    const port = Number(new URL(second.url).port);
    await agora.stop(second.instance);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await write(transport)).status);
    // Reached the live replica each time: an answer of the service (not signed in), never the outage.
    expect(answers).toEqual([401, 401, 401, 401]);
    expect(counted[1]?.calls).toBe(1);
    expect(transport.status()[1]?.ready).toBe(false);
    replicas[1] = await startReplica(port);
  });

  it('never sends twice a write that may have arrived, but sends a read again', async () => {
    let received = 0;
    const dropping = http.createServer((request) => {
      if (request.url !== '/readyz') received += 1;
      request.socket.destroy();
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const droppingUrl = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
    try {
      const first = replicas[0];
      if (!first) throw new Error('a replica');
      const writes = balanced([droppingUrl, first.url], 60_000);
      await expect(write(writes.transport)).rejects.toThrow();
      expect(received).toBe(1);
      expect(writes.counted[1]?.calls).toBe(0);

      const reads = balanced([droppingUrl, first.url], 60_000);
      expect((await get(reads.transport)).status).toBe(200);
      expect(received).toBe(2);
      expect(reads.counted[1]?.calls).toBe(1);
    } finally {
      dropping.closeAllConnections();
      await new Promise((resolve) => dropping.close(resolve));
    }
  });
});
