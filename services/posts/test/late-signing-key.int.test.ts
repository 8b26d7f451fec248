import { CatchUp } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
});
afterAll(async () => {
  await stack?.close();
});

/** The `kid` a token's header names. */
const keyOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')).kid as string;

/**
 * A token signed by a key identity published a moment ago may reach a service before the service's actors
 * projection has applied the key's event (docs/adr/0044-catching-up.md). The service waits for identity's key
 * stream, within the catch-up bound, before it calls the key unknown: the real projection, held back and let go.
 */
describe('a signing key a service has not projected yet', () => {
  it('is waited for, and the request signed by it is served, not refused with 401', async () => {
    const user = await createUser(stack);
    const oldKey = keyOf(await login(stack, user));

    // Posts stops applying identity's events; identity makes a new key on its next start.
    const posts = stack.service('posts');
    await posts.projections.pause(CatchUp.actorsProjection);
    await stack.stop('identity');
    await stack.query('update identity.signing_keys set private_key = null');
    await stack.start(identityService);
    const token = await login(stack, user);
    expect(keyOf(token)).not.toBe(oldKey);
    const known = await stack.query('select 1 from posts.signing_keys where kid = $1', [keyOf(token)]);
    expect(known).toHaveLength(0);

    const heldFor = 300;
    setTimeout(() => void posts.projections.resume(CatchUp.actorsProjection), heldFor);
    const started = Date.now();
    const response = await posts.app.inject({
      method: 'GET',
      url: '/answer/api/v1/revisions/edit/check?id=10010000000000001',
      headers: { authorization: token },
    });
    expect(response.statusCode, response.body).not.toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(heldFor - 50);
  });

  it('refuses a token whose key nobody published once the wait is over', async () => {
    const user = await createUser(stack);
    const token = await login(stack, user);
    const [header, claims, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(header!, 'base64url').toString('utf8'));
    const other = Buffer.from(JSON.stringify({ ...forged, kid: 'no-such-key' })).toString('base64url');
    const response = await stack.service('posts').app.inject({
      method: 'GET',
      url: '/answer/api/v1/revisions/edit/check?id=10010000000000001',
      headers: { authorization: `${other}.${claims}.${signature}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
