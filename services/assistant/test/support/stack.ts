import { Role } from '@agora/contracts';
import { accountsFor, identityService } from '@agora/identity';
import { postsService } from '@agora/posts/service';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { assistantService } from '../../src/service';

export const API = '/answer/api/v1';
export const ADMIN_API = '/answer/admin/api';

/**
 * Agora with what the assistant's library is made from: site, identity, posts, votes, tags, assistant (`env`: its
 * configuration, such as OpenSearch's for the vectors).
 */
export function startAssistantStack(env?: Record<string, string>): Promise<Stack> {
  return startStack({
    services: [siteService, identityService, postsService, votesService, tagsService, assistantService],
    env,
  });
}

export type Member = Awaited<ReturnType<typeof member>>;

/** A signed-in account that every service knows already. */
export async function member(stack: Stack, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(stack, options);
  await stack.settle();
  const accounts = accountsFor(stack.service('identity'));
  const token = (await accounts.startSession((await accounts.findById(user.id))!)).token;
  return { ...user, token };
}

export const admin = (stack: Stack, name: string) => member(stack, { name, roleId: Role.admin });

/** Calls the API and insists on a 200, returning `data`. */
export async function ok(stack: Stack, method: string, url: string, token?: string, body?: unknown) {
  const response = await stack.call(method, url.startsWith('/') ? url : `${API}/${url}`, { token, body });
  if (response.status !== 200) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}
