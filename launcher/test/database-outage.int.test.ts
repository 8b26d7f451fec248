import { setTimeout as sleep } from 'node:timers/promises';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@agora/contracts';
import { eventually } from '@agora/test-support/eventually';
import { type OwnPostgres, startOwnPostgres } from '@agora/test-support/own-postgres';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  act,
  answer,
  ask,
  inbox,
  type Member,
  member,
  startWorld,
} from '../../services/notifications/test/support/world';

/**
 * A database outage is an outage, not a sign-out (docs/adr/0045-database-outage.md): a PostgreSQL server of
 * this test's own (not the shared test cluster) is killed while a signed-in member writes and reads, then started again
 * on the same port and data directory.
 */

const READINESS_BUDGET_MS = 5000;
const RECOVERY_BUDGET_MS = 10_000;

let server: OwnPostgres;
let stack: Stack;
let asker: Member;
let answerer: Member;
/** Traffic loops still running when a test fails: stopped before the stack closes. */
const loops: { stop(): Promise<void> }[] = [];

/** How long the killed server stays down before the launcher's supervision starts it again. */
const OUTAGE_MS = 6000;

beforeAll(async () => {
  // Killed below; the launcher's supervision starts it again after a pause long enough for consumers and
  // workers to back off, as in a real outage.
  server = await startOwnPostgres({ outageMs: OUTAGE_MS });
  stack = await startWorld({ database: server.database });
  asker = await member(stack, { name: 'Asker' });
  answerer = await member(stack, { name: 'Answerer', reputation: 100 });
});

afterAll(async () => {
  for (const loop of loops) await loop.stop();
  await stack?.close();
  await server?.close();
});

interface Seen {
  what: string;
  status: number;
  retryAfter: unknown;
  reason: string;
}

/** A member's ordinary traffic, a write then reads, over and over, every answer recorded. */
function traffic(token: string, questionId: string) {
  const seen: Seen[] = [];
  let stopped = false;
  let n = 0;
  const record = async (what: string, method: string, url: string, body?: unknown) => {
    const response = await stack.call(method, `${API}/${url}`, { token, body });
    seen.push({
      what,
      status: response.status,
      retryAfter: response.headers['retry-after'],
      reason: response.body?.reason,
    });
  };
  const running = (async () => {
    while (!stopped) {
      n++;
      await record('comment', 'POST', 'comment', { object_id: questionId, original_text: `Comment number ${n} here.` });
      await record('question', 'GET', `question/info?id=${questionId}`);
      await record('own info', 'GET', 'user/info');
      await record('red dot', 'GET', 'notification/status');
      await sleep(20);
    }
  })();
  const handle = {
    seen,
    async stop() {
      stopped = true;
      await running;
    },
  };
  loops.push(handle);
  return handle;
}

async function serviceReady(name: string): Promise<number> {
  return (await stack.service(name).app.inject({ method: 'GET', url: '/readyz' })).statusCode;
}

async function serviceHealth(name: string): Promise<number> {
  return (await stack.service(name).app.inject({ method: 'GET', url: '/healthz' })).statusCode;
}

describe('PostgreSQL killed mid-run', () => {
  it('answers 503 with Retry-After (never 401 or 500), turns unready within 5 s, and recovers by itself within 10 s', async () => {
    const questionId = await ask(stack, asker, 'Does Agora survive its database going away?');
    const load = traffic(asker.token, questionId);
    await eventually(() => load.seen.filter((s) => s.status === 200).length >= 8, 10_000);

    server.kill();
    const killedAt = Date.now();

    // Readiness turns 503 within 5 s; liveness stays 200.
    await eventually(async () => (await serviceReady('posts')) === 503, READINESS_BUDGET_MS, 50);
    expect(Date.now() - killedAt).toBeLessThan(READINESS_BUDGET_MS);
    for (const name of ['identity', 'site', 'votes', 'notifications']) expect(await serviceReady(name)).toBe(503);
    expect(await serviceHealth('posts')).toBe(200);

    // Every kind of call answers 503 in the envelope, translated, with Retry-After; the session is kept.
    await eventually(() => load.seen.filter((s) => s.status === 503).length >= 8, 10_000);
    const write = await stack.call('POST', `${API}/question`, {
      token: asker.token,
      body: { title: 'Asked while the database is down', content: 'Body text', tags: [{ slug_name: 'notify' }] },
    });
    expect(write.status).toBe(503);
    expect(write.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(write.body).toMatchObject({ code: 503, reason: 'base.service_unavailable', data: null });
    expect(write.body.msg).toMatch(/temporarily unavailable/);
    const zh = await stack.call('GET', `${API}/user/info`, {
      token: asker.token,
      headers: { 'accept-language': 'zh_CN' },
    });
    expect(zh.status).toBe(503);
    expect(zh.body.msg).toBe('服务暂时不可用，请稍后再试。');
    const anonymous = await stack.call('GET', `${API}/question/page?page=1&page_size=10`);
    expect(anonymous.status).toBe(503);

    // Started again on the same port and data directory: from the moment it accepts connections, 10 s.
    await eventually(() => server.accepts(), OUTAGE_MS + 30_000, 50);
    const backAt = Date.now();
    await load.stop();

    // Within 10 s: the same token writes and reads again, and readiness is back.
    const after = traffic(asker.token, questionId);
    let recoveredAt = 0;
    await eventually(
      async () => {
        const reply = await stack.call('POST', `${API}/question`, {
          token: asker.token,
          body: { title: 'Asked after the database came back', content: 'Body text', tags: [{ slug_name: 'notify' }] },
        });
        if (reply.status !== 200) return false;
        recoveredAt = Date.now();
        const read = await stack.call('GET', `${API}/question/info?id=${reply.body.data.id}`, { token: asker.token });
        return read.status === 200;
      },
      RECOVERY_BUDGET_MS,
      100,
    );
    expect(recoveredAt - backAt).toBeLessThan(RECOVERY_BUDGET_MS);
    await eventually(async () => (await serviceReady('posts')) === 200, RECOVERY_BUDGET_MS, 100);

    // A projection-driven read catches up: an answer reaches the asker's inbox through notifications'
    // projection of posts' events, within the same budget.
    const answerId = await answer(stack, answerer, questionId, 'Answered once the database was back.');
    await eventually(
      async () => (await inbox(stack, asker)).list.some((n) => n.object_info?.object_id === answerId),
      RECOVERY_BUDGET_MS - (Date.now() - backAt),
      100,
    );
    expect(Date.now() - backAt).toBeLessThan(RECOVERY_BUDGET_MS);
    expect((await act(stack, 'GET', 'user/info', asker.token)).id).toBe(asker.id);
    await eventually(() => after.seen.filter((s) => s.status === 200).length >= 8, RECOVERY_BUDGET_MS);
    await after.stop();

    // Through it all: only successes and 503 with Retry-After, never a 401 (a sign-out) or a 500.
    const all = [...load.seen, ...after.seen];
    const odd = all.filter((s) => s.status !== 200 && !(s.status === 503 && s.retryAfter !== undefined));
    expect(odd).toEqual([]);
    expect(all.some((s) => s.status === 503 && s.reason === 'base.service_unavailable')).toBe(true);
  });
});
