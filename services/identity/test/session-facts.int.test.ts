import { accountsFor, identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityActorSource } from '../src/security/identity-actors';

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

async function queriesOf<T>(run: () => Promise<T>): Promise<{ value: T; queries: number }> {
  const before = queries;
  const value = await run();
  return { value, queries: queries - before };
}

describe("identity's session facts", () => {
  it('are read once per member and session, and a logout, a suspension or an expiry holds at the next request', async () => {
    const { context } = stack.service('identity');
    const source = new IdentityActorSource(context.database.db, context.changes);
    const accounts = accountsFor(stack.service('identity'));
    const user = await createUser(stack);
    const row = await accounts.findById(user.id);
    const issued = Date.now();
    const { token } = await accounts.startSession(row!);
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;

    const first = await queriesOf(() => source.lookup(user.id, sessionId, issued));
    expect(first.value).toMatchObject({ revoked: false, actor: { id: user.id, status: 'normal' } });
    expect(first.queries).toBe(1);
    // The sign-in's own announcement comes back a moment later and empties the entry once; then it is kept.
    await expect.poll(async () => (await queriesOf(() => source.lookup(user.id, sessionId, issued))).queries).toBe(0);
    expect(await queriesOf(() => source.lookup(user.id, sessionId, issued))).toEqual({
      value: first.value,
      queries: 0,
    });

    // A session that runs out is refused when it does, with nothing announced and no query.
    await stack.query(
      `update identity.sessions set expires_at = now() + interval '300 milliseconds' where session_id = $1`,
      [sessionId],
    );
    await expect.poll(async () => (await queriesOf(() => source.lookup(user.id, sessionId, issued))).queries).toBe(0);
    expect((await source.lookup(user.id, sessionId, issued)).revoked).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await queriesOf(() => source.lookup(user.id, sessionId, issued))).toMatchObject({
      value: { revoked: true },
      queries: 0,
    });

    // This process's own logout holds at once, before its announcement comes back.
    const second = await accounts.startSession((await accounts.findById(user.id))!);
    const secondId = JSON.parse(Buffer.from(second.token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;
    expect((await source.lookup(user.id, secondId, Date.now())).revoked).toBe(false);
    await accounts.endSession(user.id, secondId);
    expect((await source.lookup(user.id, secondId, Date.now())).revoked).toBe(true);

    // A change another replica makes (here, straight in the table) is heard by its announcement.
    const third = await accounts.startSession((await accounts.findById(user.id))!);
    const thirdId = JSON.parse(Buffer.from(third.token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;
    expect((await source.lookup(user.id, thirdId, Date.now())).actor?.status).toBe('normal');
    await stack.query(
      `update identity.users set status = 'suspended', suspended_until = now() + interval '1 day'
                       where user_id = $1`,
      [user.id],
    );
    await expect.poll(async () => (await source.lookup(user.id, thirdId, Date.now())).actor?.status).toBe('suspended');
  });
});
