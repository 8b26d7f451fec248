import { defaultSiteSettings, ReactionActivated } from '@agora/contracts';
import { accountsFor, identityService } from '@agora/identity';
import { notificationsService } from '@agora/notifications';
import { EventStore } from '@agora/platform';
import { postsFor, postsService } from '@agora/posts/service';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { badgesService } from '../../src/service';

export const API = '/answer/api/v1';
export const ADMIN_API = '/answer/admin/api';

/** Agora with what awards badges and tells of them: site, identity, posts, votes, badges, notifications. */
export async function startBadgesStack(): Promise<Stack> {
  const stack = await startStack({
    services: [siteService, identityService, postsService, votesService, badgesService, notificationsService],
  });
  // Privilege level 1: every member may vote up, so a post can collect up-votes from plain members.
  await updateSettingsGroup(
    stack.service('site').context,
    { group: 'privileges', values: { ...defaultSiteSettings('http://agora.test').privileges, level: 1 } } as never,
    null,
  );
  await stack.settle();
  return stack;
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

/** Calls the API and insists on a 200, returning `data`. */
export async function ok(stack: Stack, method: string, url: string, token?: string, body?: unknown) {
  const response = await stack.call(method, url.startsWith('/') ? url : `${API}/${url}`, { token, body });
  if (response.status !== 200) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** Events travel twice: from posts, votes or identity into badges, then from badges into notifications. */
export async function settleAround(stack: Stack) {
  await stack.settle();
  await stack.settle();
}

let asked = 0;

/** A question by `asker`, with an answer by `answerer` when given. */
export async function thread(stack: Stack, asker: Member, answerer?: Member) {
  asked += 1;
  const question = await ok(stack, 'POST', 'question', asker.token, {
    title: `Which badge does this earn, take ${asked}?`,
    content: 'A question asked to see which badges its answers and votes earn.',
    tags: [{ slug_name: 'badges' }],
  });
  const answer = answerer
    ? (
        await ok(stack, 'POST', 'answer', answerer.token, {
          question_id: question.id,
          content: 'An answer worth votes.',
        })
      ).info.id
    : undefined;
  await stack.settle();
  return { question: question.id as string, answer: answer as string | undefined };
}

/** Up-votes from `count` new members. */
export async function upVotes(stack: Stack, objectId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const voter = await member(stack, { name: `Badge Voter ${asked}-${i}` });
    await ok(stack, 'POST', 'vote/up', voter.token, { object_id: objectId });
  }
}

/** Question views (and share visits) are recorded every few seconds; this records them now. */
export async function flushViews(stack: Stack) {
  await postsFor(stack.service('posts')).views.flush();
}

/**
 * A reaction as votes records one (`votes.reaction_activated`, on the reactor's stream for the post): the
 * reactions routes come with another change of issue 19, so the event is appended to votes' own log, where
 * they put it.
 */
export async function react(
  stack: Stack,
  who: { id: string },
  post: { id: string; type: 'question' | 'answer'; questionId: string; ownerId: string },
) {
  const store = new EventStore(stack.service('votes').context.database.db, 'votes');
  await store.append(`reaction-${who.id}-${post.id}`, 'any', [
    {
      type: ReactionActivated.type,
      data: {
        object_id: post.id,
        object_type: post.type,
        question_id: post.questionId,
        user_id: who.id,
        owner_id: post.ownerId,
        emoji: 'heart',
      },
    },
  ]);
}

/** The visible awards, as the read model holds them, in a stable order. */
export async function awardRows(stack: Stack) {
  return stack.query<{
    award_id: string;
    badge_id: string;
    user_id: string;
    award_key: string;
    object_id: string;
    awarded_at: Date;
  }>(
    `select award_id, badge_id, user_id, award_key, object_id, awarded_at from badges.badge_awards
     where not withdrawn order by award_id`,
  );
}

/** The badge ids one member holds (visible awards). */
export async function heldBy(stack: Stack, userId: string): Promise<string[]> {
  const rows = await stack.query<{ badge_id: string }>(
    'select badge_id from badges.badge_awards where user_id = $1 and not withdrawn order by badge_id',
    [userId],
  );
  return rows.map((r) => r.badge_id);
}
