/**
 * A tag created a moment before a member asks with it may not have reached posts yet (docs/adr/0044-catching-up.md):
 * posts waits for tags' events within the catch-up bound; past the bound, a member who may not create tags is told
 * to try again (503), never that they need the reputation to create a tag that exists.
 */
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagCatalogProjection } from '../src/projections/tag-catalog/projection';

const API = '/answer/api/v1';
let stack: Stack;
let moderator = '';
let member = '';

beforeAll(async () => {
  // A short bound, so that a held-back projection outlasts it.
  stack = await startStack({
    services: [siteService, identityService, postsService, tagsService],
    env: { AGORA_CATCH_UP_MS: '300' },
  });
  const [mod, newcomer] = [await createUser(stack, { roleId: Role.moderator }), await createUser(stack)];
  await stack.settle();
  [moderator, member] = [await login(stack, mod), await login(stack, newcomer)];
});
afterAll(async () => {
  await stack?.close();
});

const ask = (token: string, slug: string) =>
  stack.call('POST', `${API}/question`, {
    token,
    body: {
      title: `Asked with a tag just made: ${slug}`,
      content: 'Does posts know the tag yet?',
      tags: [{ slug_name: slug }],
    },
  });

describe('asking with a tag posts has not heard of yet', () => {
  it('is a retryable 503 past the catch-up bound, and succeeds once posts has the tag', async () => {
    const runner = stack.service('posts').projections;
    await runner.pause(tagCatalogProjection.name);
    try {
      const slug = `fresh-${Date.now().toString(36)}`;
      const made = await stack.call('POST', `${API}/tag`, {
        token: moderator,
        body: { slug_name: slug, display_name: slug },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const early = await ask(member, slug);
      expect(early.status, JSON.stringify(early.body)).toBe(503);
      // A moderator may create tags, so no wait is needed to let them ask with a new one.
      const another = `another-${Date.now().toString(36)}`;
      expect((await ask(moderator, another)).status).toBe(200);
      await runner.resume(tagCatalogProjection.name);
      const later = await ask(member, slug);
      expect(later.status, JSON.stringify(later.body)).toBe(200);
    } finally {
      await runner.resume(tagCatalogProjection.name);
    }
  });

  it('still refuses a tag that does not exist to a member who may not create one', async () => {
    const response = await ask(member, `nowhere-${Date.now().toString(36)}`);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
  });
});
