import { setTimeout as sleep } from 'node:timers/promises';
import { defaultSiteSettings, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import type { ServiceModule } from '@agora/platform';
import { postsService } from '@agora/posts';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { type Stack, type StackOptions, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { createNotificationsService, type NotificationsOptions } from '../../src/service';

export const API = '/answer/api/v1';
/** Short mail timings so that retries happen within a test. */
export const FAST_MAIL = { pollIntervalMs: 100, retryBaseMs: 100, retryMaxMs: 400, stopGraceMs: 2000 };

export interface Member extends TestUser {
  token: string;
}

/** Site, identity, posts, votes and notifications behind the gateway (and `extra` services), privileges at level 1. */
export async function startWorld(
  options: {
    notifications?: NotificationsOptions;
    extra?: ServiceModule[];
    env?: Record<string, string>;
    database?: StackOptions['database'];
  } = {},
): Promise<Stack> {
  const stack = await startStack({
    services: [
      siteService,
      identityService,
      postsService,
      votesService,
      ...(options.extra ?? []),
      createNotificationsService({ mail: FAST_MAIL, ...options.notifications }),
    ],
    env: options.env,
    database: options.database,
  });
  // Level 1: every member may vote up, create tags and invite.
  await updateSettingsGroup(
    stack.service('site').context,
    { group: 'privileges', values: { ...defaultSiteSettings('http://agora.test').privileges, level: 1 } } as never,
    null,
  );
  await stack.settle();
  return stack;
}

let names = 0;
export async function member(
  stack: Stack,
  options: { name?: string; roleId?: number; reputation?: number; email?: string } = {},
): Promise<Member> {
  names += 1;
  const user = await createUser(stack, {
    name: options.name ?? `Member${names}x${Date.now() % 100000}`,
    roleId: options.roleId ?? Role.user,
    email: options.email,
  });
  // Every service learns of the new member (and of the reputation activation brings) before it acts.
  if (options.reputation) await setReputation(stack, user.id, options.reputation);
  else await stack.settle();
  return { ...user, token: await login(stack, user) };
}

/** A call through the gateway that must succeed; returns `data`. */
export async function act(stack: Stack, method: string, path: string, token: string | undefined, body?: unknown) {
  const response = await stack.call(method, `${API}/${path}`, { token, body });
  if (response.status !== 200)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** An admin route (`{base}/admin/api/...`) that must succeed. */
export async function adminAct(stack: Stack, method: string, path: string, token: string, body?: unknown) {
  const response = await stack.call(method, `/answer/admin/api/${path}`, { token, body });
  if (response.status !== 200)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

export async function ask(stack: Stack, who: Member, title: string, tags = ['notify']): Promise<string> {
  const data = await act(stack, 'POST', 'question', who.token, {
    title,
    content: `Body of the question: ${title}`,
    tags: tags.map((slug_name) => ({ slug_name })),
  });
  return data.id;
}

export async function answer(stack: Stack, who: Member, questionId: string, content = 'An answer with enough text.') {
  const data = await act(stack, 'POST', 'answer', who.token, { question_id: questionId, content });
  return data.info.id as string;
}

export async function comment(
  stack: Stack,
  who: Member,
  objectId: string,
  text: string,
  replyCommentId?: string,
): Promise<string> {
  const data = await act(stack, 'POST', 'comment', who.token, {
    object_id: objectId,
    original_text: text,
    ...(replyCommentId ? { reply_comment_id: replyCommentId } : {}),
  });
  return data.comment_id;
}

export async function inbox(
  stack: Stack,
  who: Member,
  query: { type?: string; inbox_type?: string } = {},
): Promise<{ count: number; list: any[] }> {
  const params = new URLSearchParams({ type: 'inbox', inbox_type: 'all', page_size: '100', ...query });
  return act(stack, 'GET', `notification/page?${params}`, who.token);
}

export async function redDot(stack: Stack, who: Member) {
  return act(stack, 'GET', 'notification/status', who.token);
}

/**
 * The red dot once it shows `expected`: a change the projections made reaches a cached red dot with the
 * announcement of its commit, milliseconds later (times out with the last value seen otherwise).
 */
export async function redDotShows(stack: Stack, who: Member, expected: Record<string, unknown>) {
  let last: Record<string, unknown> = {};
  try {
    return await waitFor(
      'the red dot',
      async () => {
        last = await redDot(stack, who);
        return Object.entries(expected).every(([key, value]) => last[key] === value) ? last : null;
      },
      3000,
    );
  } catch {
    throw new Error(`red dot ${JSON.stringify(last)} never showed ${JSON.stringify(expected)}`);
  }
}

/** Waits until a condition holds (mail arrives through a worker, not through the projections). */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T> | T,
  timeoutMs = 20_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
