import { randomUUID } from 'node:crypto';
import { accountsFor, identityService } from '@agora/identity';
import { CHANGES_CHANNEL } from '@agora/platform';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IdentityActorSource, MEMBERS_TOPIC } from '../src/security/identity-actors';

let stack: Stack;
let queries = 0;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService] });
  stack.service('identity').context.database.pool.on('acquire', () => {
    queries += 1;
  });
});
afterAll(async () => {
  await stack?.close();
});

/** The session a token names (its `sid` claim). */
const sessionOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;

/**
 * Resolves once the service's change feed has heard every announcement committed before the call: the stack's work
 * is settled, then a marker is announced, and notifications arrive in commit order.
 */
async function heardEverythingSoFar(): Promise<void> {
  await stack.settle();
  const marker = `marker-${randomUUID()}`;
  const heard = new Promise<void>((resolve) =>
    stack.service('identity').context.changes.onKeyChanged(MEMBERS_TOPIC, (key) => {
      if (key === marker) resolve();
    }),
  );
  await stack.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, `identity/${MEMBERS_TOPIC}#${marker}`]);
  await heard;
}

async function queriesOf<T>(run: () => Promise<T>): Promise<{ value: T; queries: number }> {
  const before = queries;
  const value = await run();
  return { value, queries: queries - before };
}

describe("identity's session facts", () => {
  it('are read once per member and session, and a logout, a suspension or an expiry holds at the next request', async () => {
    const { context } = stack.service('identity');
    const source = new IdentityActorSource(context.database.db, context.changes);
    // The source's own reads of the tables (other work of the service may use its pool meanwhile).
    const loads = vi.spyOn(source as unknown as { load: () => Promise<unknown> }, 'load');
    const loadsOf = async <T>(run: () => Promise<T>) => {
      const before = loads.mock.calls.length;
      const value = await run();
      return { value, queries: loads.mock.calls.length - before };
    };
    const accounts = accountsFor(stack.service('identity'));
    const user = await createUser(stack);
    const row = await accounts.findById(user.id);
    const issued = Date.now();
    const { token } = await accounts.startSession(row!);
    const sessionId = sessionOf(token);

    const first = await loadsOf(() => source.lookup(user.id, sessionId, issued));
    expect(first.value).toMatchObject({ revoked: false, actor: { id: user.id, status: 'normal' } });
    expect(first.queries).toBe(1);
    // The sign-in's own announcement comes back a moment later and empties the entry once; then it is kept.
    await heardEverythingSoFar();
    await source.lookup(user.id, sessionId, issued);
    expect(await loadsOf(() => source.lookup(user.id, sessionId, issued))).toEqual({
      value: first.value,
      queries: 0,
    });

    // A session that runs out is refused when it does, with nothing announced and no query. (The change of its
    // expiry is announced: the entry is read again once when that comes back.)
    await stack.query(
      `update identity.sessions set expires_at = now() + interval '1500 milliseconds' where session_id = $1`,
      [sessionId],
    );
    await heardEverythingSoFar();
    expect((await loadsOf(() => source.lookup(user.id, sessionId, issued))).queries).toBe(1);
    expect(await loadsOf(() => source.lookup(user.id, sessionId, issued))).toMatchObject({
      value: { revoked: false },
      queries: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await loadsOf(() => source.lookup(user.id, sessionId, issued))).toMatchObject({
      value: { revoked: true },
      queries: 0,
    });

    // This process's own logout holds at once, before its announcement comes back.
    const second = await accounts.startSession((await accounts.findById(user.id))!);
    const secondId = sessionOf(second.token);
    expect((await source.lookup(user.id, secondId, Date.now())).revoked).toBe(false);
    await accounts.endSession(user.id, secondId);
    expect((await source.lookup(user.id, secondId, Date.now())).revoked).toBe(true);

    // A change another replica makes (here, straight in the table) is heard by its announcement.
    const third = await accounts.startSession((await accounts.findById(user.id))!);
    const thirdId = sessionOf(third.token);
    expect((await source.lookup(user.id, thirdId, Date.now())).actor?.status).toBe('normal');
    await stack.query(
      `update identity.users set status = 'suspended', suspended_until = now() + interval '1 day'
                       where user_id = $1`,
      [user.id],
    );
    await expect.poll(async () => (await source.lookup(user.id, thirdId, Date.now())).actor?.status).toBe('suspended');
  });

  it("keep a member's public profile until the member changes, and read a suspended one afresh", async () => {
    const user = await createUser(stack);
    const token = await login(stack, user);
    const url = `/answer/api/v1/personal/user/info?username=${user.username.toUpperCase()}`;
    const read = async () => (await stack.call('GET', url)).body.data;
    expect((await read()).username).toBe(user.username);
    await expect.poll(async () => (await queriesOf(read)).queries).toBe(0);
    const renamed = await stack.call('PUT', '/answer/api/v1/user/info', {
      token,
      body: { display_name: 'Shown At Once', username: user.username },
    });
    expect(renamed.status).toBe(200);
    expect((await read()).display_name).toBe('Shown At Once');
    await stack.query(
      `update identity.users set status = 'suspended', suspended_until = now() + interval '1 day' where user_id = $1`,
      [user.id],
    );
    await expect.poll(async () => (await read()).status).toBe('suspended');
    expect((await queriesOf(read)).queries).toBeGreaterThan(0);
  });
});
