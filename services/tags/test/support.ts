import { defaultSiteSettings, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { expect } from 'vitest';
import { tagsService } from '../src/service';

export const API = '/answer/api/v1';

export interface Member extends TestUser {
  token: string;
}

/** Agora with the services tags works with: site settings, identity's users, posts' questions. */
export async function tagsStack(): Promise<Stack> {
  return startStack({ services: [siteService, identityService, postsService, tagsService] });
}

export async function member(
  stack: Stack,
  options: { roleId?: number; rank?: number; activated?: boolean; name?: string } = {},
): Promise<Member> {
  const user = await createUser(stack, { roleId: options.roleId, activated: options.activated, name: options.name });
  await stack.settle();
  if (options.rank !== undefined) await setReputation(stack, user.id, options.rank);
  return { ...user, token: await login(stack, user) };
}

export const moderator = (stack: Stack) => member(stack, { roleId: Role.moderator });

export async function createTag(
  stack: Stack,
  token: string,
  tag: { slug_name: string; display_name?: string; original_text?: string },
) {
  const created = await stack.call('POST', `${API}/tag`, {
    token,
    body: { display_name: tag.slug_name, ...tag },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return (await getTag(stack, created.body.data.slug_name)).body.data as { tag_id: string; slug_name: string };
}

export function getTag(stack: Stack, name: string, token?: string) {
  return stack.call('GET', `${API}/tag?name=${encodeURIComponent(name)}`, { token });
}

export async function ask(stack: Stack, token: string, tags: string[], title = 'A question about tags') {
  const asked = await stack.call('POST', `${API}/question`, {
    token,
    body: { title, content: 'Some body text for the question.', tags: tags.map((slug_name) => ({ slug_name })) },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return asked.body.data as { id: string; title: string; content: string; tags: { slug_name: string }[] };
}

export async function setTagSettings(
  stack: Stack,
  values: Partial<ReturnType<typeof defaultSiteSettings>['tags']>,
): Promise<void> {
  const defaults = defaultSiteSettings('http://agora.test').tags;
  await updateSettingsGroup(stack.service('site').context, { group: 'tags', values: { ...defaults, ...values } }, null);
  await stack.settle();
}

/** The question counts and follow counts the tag page shows, by slug. */
export async function counts(stack: Stack, ...slugs: string[]) {
  const result: Record<string, number> = {};
  for (const slug of slugs) result[slug] = (await getTag(stack, slug)).body.data?.question_count ?? -1;
  return result;
}
