import { setTimeout as sleep } from 'node:timers/promises';
import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { expect } from 'vitest';
import { searchFor, searchService } from '../../src/service';

export const API = '/answer/api/v1';

export interface SearchAdapter {
  kind: 'postgres' | 'opensearch';
  opensearchUrl?: string;
}

export interface Member extends TestUser {
  token: string;
}

/** Agora with every service search reads from, searching through the adapter under test. */
export async function searchStack(adapter: SearchAdapter): Promise<{ stack: Stack; close(): Promise<void> }> {
  const stack = await startStack({
    services: [siteService, identityService, postsService, votesService, tagsService, searchService],
    env: {
      AGORA_SEARCH: adapter.kind,
      ...(adapter.opensearchUrl ? { OPENSEARCH_URL: adapter.opensearchUrl } : {}),
    },
  });
  return {
    stack,
    async close() {
      const database = new URL(stack.databaseUrl).pathname.slice(1);
      await stack.close();
      if (adapter.opensearchUrl) {
        await fetch(`${adapter.opensearchUrl}/agora-${database}-posts-*`, { method: 'DELETE' });
        await fetch(`${adapter.opensearchUrl}/_index_template/agora-${database}-posts`, { method: 'DELETE' });
      }
    },
  };
}

export async function member(
  stack: Stack,
  options: { roleId?: number; name?: string; rank?: number } = {},
): Promise<Member> {
  const user = await createUser(stack, { roleId: options.roleId, name: options.name });
  await stack.settle();
  if (options.rank !== undefined) await setReputation(stack, user.id, options.rank);
  return { ...user, token: await login(stack, user) };
}

/** Waits until every projection has caught up and every changed document is in the index and searchable. */
export async function indexed(stack: Stack): Promise<void> {
  await stack.settle();
  const runtime = searchFor(stack.service('search'));
  await runtime.runningFeeder?.drain();
  await (await runtime.index()).refresh();
}

/** Polls until `accept` holds; returns the value and how long it took. Fails after `timeoutMs`. */
export async function within<T>(
  timeoutMs: number,
  read: () => Promise<T>,
  accept: (value: T) => boolean,
): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    const ms = performance.now() - started;
    if (accept(value)) return { value, ms };
    if (ms > timeoutMs) {
      expect.fail(`not within ${timeoutMs} ms; last value: ${JSON.stringify(value).slice(0, 500)}`);
    }
    await sleep(25);
  }
}

export function searcher(stack: Stack) {
  return (q: string, options: { token?: string; order?: string; page?: number; size?: number } = {}) => {
    const params = new URLSearchParams({ q });
    if (options.order) params.set('order', options.order);
    if (options.page) params.set('page', String(options.page));
    if (options.size) params.set('size', String(options.size));
    return stack.call('GET', `${API}/search?${params}`, { token: options.token });
  };
}

export async function ask(
  stack: Stack,
  token: string,
  input: { title: string; content: string; tags: string[] },
): Promise<string> {
  const asked = await stack.call('POST', `${API}/question`, {
    token,
    body: { title: input.title, content: input.content, tags: input.tags.map((slug_name) => ({ slug_name })) },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return asked.body.data.id;
}

export async function answer(stack: Stack, token: string, questionId: string, content: string): Promise<string> {
  const posted = await stack.call('POST', `${API}/answer`, { token, body: { question_id: questionId, content } });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  return posted.body.data.info?.id ?? posted.body.data.id;
}
