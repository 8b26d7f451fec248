import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { Idempotency } from '@agora/contracts';
import { createTestDatabase } from '@agora/test-support/database';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActorSource, KeySource } from '../src/auth/actor';
import { createEventBus } from '../src/bus/create-bus';
import type { EventBus } from '../src/bus/port';
import { executeCommand } from '../src/commands/command-handler';
import type { Decider } from '../src/commands/decider';
import { loadConfig } from '../src/config/config';
import type { RunningService, ServiceModule } from '../src/service/module';
import { startService } from '../src/service/service';
import { TestAppended } from './bus/test-projection';

// The claim of a keyed write marked in its command's own commit (docs/adr/0093-idempotent-writes.md): a retry knows
// whether a first attempt that answered no reply committed, on both of executeCommand's paths, and a first attempt
// whose claim a retry took over can no longer commit.

const log = pino({ level: 'silent' });
const config = loadConfig({ env: { AGORA_SITE_URL: 'http://agora.test' } });

/** Tokens signed by a key of the test's own, which the service's key source answers for. */
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const KID = 'test-key';
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function tokenOf(userId: string): string {
  const seconds = Math.floor(Date.now() / 1000);
  const head = `${part({ alg: 'EdDSA', typ: 'JWT', kid: KID })}.${part({
    sub: userId,
    sid: 'session',
    t: Date.now(),
    role: 1,
    ms: 1,
    st: 'normal',
    iat: seconds,
    exp: seconds + 600,
  })}`;
  return `${head}.${sign(null, Buffer.from(head), privateKey).toString('base64url')}`;
}
const keys: KeySource = {
  publicKey: async (kid) => (kid === KID ? publicKey.export({ type: 'spki', format: 'pem' }).toString() : undefined),
};
const actors: ActorSource = { lookup: async () => ({ actor: null, changedAt: null, revoked: false }) };

type Appended = { type: typeof TestAppended.type; data: { n: number } };
const appendOne: Decider<number, null, Appended> = {
  initialState: () => 0,
  evolve: (state) => state + 1,
  decide: (_command, state) => [{ type: TestAppended.type, data: { n: state + 1 } }],
};

interface WriteBody {
  stream: string;
}

/** Where the next request fails: before its command, or after it committed (a crash between commit and reply). */
let failNext: 'before' | 'after' | null = null;
/** Holds the next request until opened: the first attempt of the fencing test. */
let holdNext: Promise<void> | null = null;

const writes: ServiceModule<null> = {
  name: 'keyed',
  migrations: {},
  events: [TestAppended],
  shared: { actors: false, siteSettings: false },
  auth: () => ({ actors, keys }),
  setup: () => null,
  async routes(app, context) {
    const write = (statement: boolean) => async (request: { body: unknown }) => {
      const body = request.body as WriteBody;
      const [fail, gate] = [failNext, holdNext];
      [failNext, holdNext] = [null, null];
      await gate;
      if (fail === 'before') throw new Error('failed before the command');
      await executeCommand({
        db: context.database.db,
        store: context.store,
        streamId: body.stream,
        decider: appendOne,
        command: null,
        newStream: statement,
        // The new-stream path's one statement, with an inline write of nothing.
        projectInStatement: statement
          ? () => ({ ctes: sql`nothing as (select 1)`, returning: sql`(select count(*) from nothing)` })
          : undefined,
      });
      if (fail === 'after') throw new Error('failed after the commit');
      return { code: 200, reason: 'base.success', msg: 'Success.', data: { stream: body.stream } };
    };
    app.post('/t/transaction', { config: { auth: 'login' } }, write(false));
    app.post('/t/statement', { config: { auth: 'login' } }, write(true));
  },
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let bus: EventBus;
let service: RunningService<null>;
const token = tokenOf('user-1');

beforeAll(async () => {
  database = await createTestDatabase('keyed');
  bus = await createEventBus({ kind: 'postgres', databaseUrl: database.url, log });
  service = await startService(writes, { config, databaseUrl: database.url, bus, log });
});
afterAll(async () => {
  await service?.close();
  await bus?.close();
  await database?.drop();
});

const post = (path: string, body: WriteBody, key: string) =>
  service.app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: token, 'content-type': 'application/json', [Idempotency.header]: key },
    payload: JSON.stringify(body),
  });

const eventsOf = async (stream: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from events where stream_id = ${stream}`.execute(
      service.context.database.db,
    )
  ).rows[0]?.n;

const claimOf = async (key: string) =>
  (
    await sql<{ state: string; ended: boolean; status: number | null }>`
      select state, ended, status from idempotent_requests where key = ${key}`.execute(service.context.database.db)
  ).rows[0];

describe.each(['/t/transaction', '/t/statement'])('a keyed write on %s', (path) => {
  it('is applied once: the retry of a reply the client got is that reply again', async () => {
    const stream = `s-${randomUUID()}`;
    const key = randomUUID();
    const first = await post(path, { stream }, key);
    const second = await post(path, { stream }, key);
    expect([first.statusCode, second.statusCode, second.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(second.body).toBe(first.body);
    expect(await eventsOf(stream)).toBe(1);
  });

  it('committed, then failed before its reply: the claim says so, and the retry is not applied again (409)', async () => {
    const stream = `s-${randomUUID()}`;
    const key = randomUUID();
    failNext = 'after';
    expect((await post(path, { stream }, key)).statusCode).toBe(500);
    // Kept after the reply went, not before it.
    await expect.poll(() => claimOf(key)).toEqual({ state: 'committed', ended: true, status: null });
    const retry = await post(path, { stream }, key);
    expect([retry.statusCode, retry.json().reason]).toEqual([409, 'base.idempotency_already_applied']);
    expect(await eventsOf(stream)).toBe(1);
  });

  it('failed before committing: the retry runs it, once', async () => {
    const stream = `s-${randomUUID()}`;
    const key = randomUUID();
    failNext = 'before';
    expect((await post(path, { stream }, key)).statusCode).toBe(500);
    await expect.poll(() => claimOf(key)).toEqual({ state: 'pending', ended: true, status: null });
    const retry = await post(path, { stream }, key);
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([200, undefined]);
    expect(await eventsOf(stream)).toBe(1);
    await expect.poll(() => claimOf(key)).toEqual({ state: 'done', ended: false, status: 200 });
  });

  it('taken over by a retry while presumed dead: the first attempt can no longer commit', async () => {
    const stream = `s-${randomUUID()}`;
    const key = randomUUID();
    let open: () => void = () => {};
    holdNext = new Promise<void>((resolve) => {
      open = resolve;
    });
    const slow = post(path, { stream }, key);
    await expect.poll(() => claimOf(key)).toMatchObject({ state: 'pending' });
    // As if its process had gone: the retry takes the claim over and commits.
    await sql`update idempotent_requests set holder_pid = -1 where key = ${key}`.execute(service.context.database.db);
    const retry = await post(path, { stream }, key);
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([200, undefined]);
    open();
    const first = await slow;
    expect([first.statusCode, first.json().reason]).toEqual([409, 'base.idempotency_in_progress']);
    expect(await eventsOf(stream)).toBe(1);
    const again = await post(path, { stream }, key);
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([200, 'true', retry.body]);
  });
});
