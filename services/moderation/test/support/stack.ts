import { badgesService } from '@agora/badges';
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { notificationsService } from '@agora/notifications';
import { postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser, login, setReputation } from '@agora/test-support/accounts';
import { type Stack, type StackOptions, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { moderationService } from '../../src/service';

export const API = '/answer/api/v1';
export const ADMIN_API = '/answer/admin/api';

/**
 * Agora with what moderation reads and what carries its decisions out or tells of them: site, identity,
 * posts, tags, votes, badges, notifications.
 */
export function startModerationStack(options: Partial<StackOptions> = {}): Promise<Stack> {
  return startStack({
    services: [
      siteService,
      identityService,
      postsService,
      tagsService,
      votesService,
      moderationService,
      badgesService,
      notificationsService,
    ],
    ...options,
  });
}

export type Member = Awaited<ReturnType<typeof member>>;

/** A signed-in account every service knows already; `rank` sets its reputation through the ledger. */
export async function member(
  stack: Stack,
  options: { name?: string; roleId?: number; activated?: boolean; rank?: number } = {},
) {
  const user = await createUser(stack, options);
  if (options.rank !== undefined) await setReputation(stack, user.id, options.rank);
  await stack.settle();
  return { ...user, token: await login(stack, user) };
}

export const moderator = (stack: Stack, name = 'Moderator') => member(stack, { name, roleId: Role.moderator });
export const admin = (stack: Stack, name = 'Admin') => member(stack, { name, roleId: Role.admin });

/** Calls the API and insists on a 200, returning `data`. */
export async function ok(stack: Stack, method: string, url: string, token?: string, body?: unknown) {
  const response = await stack.call(method, url.startsWith('/') ? url : `${API}/${url}`, { token, body });
  if (response.status !== 200) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** Calls the API and returns status and body, whatever they are. */
export function call(stack: Stack, method: string, url: string, token?: string, body?: unknown) {
  return stack.call(method, url.startsWith('/') ? url : `${API}/${url}`, { token, body });
}

let asked = 0;

/** The tag every thread is asked under, made by staff (a new tag takes reputation members lack). */
export async function makeTag(stack: Stack, staff: Member) {
  await ok(stack, 'POST', 'tag', staff.token, {
    slug_name: 'moderation',
    display_name: 'moderation',
    original_text: '',
  });
  await stack.settle();
}

/** A question by `asker` with an answer and a comment by `answerer`, as every service has them. */
export async function thread(stack: Stack, asker: Member, answerer: Member) {
  asked += 1;
  const question = await ok(stack, 'POST', 'question', asker.token, {
    title: `What should a moderator do here, take ${asked}?`,
    content: 'A question asked to be flagged, edited and reviewed.',
    tags: [{ slug_name: 'moderation' }],
  });
  const answer = await ok(stack, 'POST', 'answer', answerer.token, {
    question_id: question.id,
    content: 'An answer that a member may flag.',
  });
  const comment = await ok(stack, 'POST', 'comment', answerer.token, {
    object_id: question.id,
    original_text: 'A comment that a member may flag.',
  });
  await stack.settle();
  return { question: question.id as string, answer: answer.info.id as string, comment: comment.comment_id as string };
}

/** The flags moderation holds, by flag id. */
export async function flagRows(stack: Stack) {
  return stack.query<{ flag_id: string; object_id: string; reporter_id: string; status: string; operation: string }>(
    'select flag_id, object_id, reporter_id, status, operation from moderation.flags order by created_at, flag_id',
  );
}

/** Events travel twice: a decision from moderation to posts or identity, and what they did on to the rest. */
export async function settleAround(stack: Stack) {
  await stack.settle();
  await stack.settle();
}

/** The actions of a member's inbox, newest first. */
export async function inboxActions(stack: Stack, who: Member): Promise<string[]> {
  const page = await ok(stack, 'GET', 'notification/page?type=inbox&page_size=50', who.token);
  return page.list.map((n: { action: string }) => n.action);
}
