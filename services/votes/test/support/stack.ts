import { defaultSiteSettings } from '@agora/contracts';
import { accountsFor, identityService } from '@agora/identity';
import { postsService } from '@agora/posts';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '../../src/service';

export const API = '/answer/api/v1';

/** Agora with the services votes works with: site, identity, posts and votes, behind the gateway. */
export function startVotesStack(): Promise<Stack> {
  return startStack({ services: [siteService, identityService, postsService, votesService] });
}

/** A session token without a password check (tests that need many users). */
export async function signIn(stack: Stack, user: Pick<TestUser, 'id'>): Promise<string> {
  const accounts = accountsFor(stack.service('identity'));
  const row = await accounts.findById(user.id);
  return (await accounts.startSession(row!)).token;
}

/** A signed-in account that every service already knows (so its first request finds its reputation). */
export async function member(stack: Stack, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(stack, options);
  await stack.settle();
  return { ...user, token: await signIn(stack, user) };
}

/**
 * Waits until a change has gone all the way round: posts' or identity's events into the votes ledger,
 * and its reputation events into every service. One pass visits the services in order, so a second one
 * takes in what the ledger wrote during the first.
 */
export async function settleAround(stack: Stack) {
  await stack.settle();
  await stack.settle();
}

export async function setPrivilegeLevel(stack: Stack, level: 1 | 2 | 3) {
  await updateSettingsGroup(
    stack.service('site').context,
    { group: 'privileges', values: { ...defaultSiteSettings('http://agora.test').privileges, level } } as never,
    null,
  );
  await stack.settle();
}

/** Calls the API and insists on a 200, returning `data`. */
export async function ok(stack: Stack, method: string, url: string, token?: string, body?: unknown) {
  const response = await stack.call(method, `${API}/${url}`, { token, body });
  if (response.status !== 200) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A question (with an answer and comments when asked for), projected into votes before it returns. */
export async function thread(stack: Stack, asker: { token: string }, answerer?: { token: string }) {
  const question = await ok(stack, 'POST', 'question', asker.token, {
    title: `A question about votes ${Math.random().toString(36).slice(2, 8)}`,
    content: 'How do votes become reputation, exactly?',
    tags: [{ slug_name: 'votes' }],
  });
  const answer = answerer
    ? (
        await ok(stack, 'POST', 'answer', answerer.token, {
          question_id: question.id,
          content: 'Through the ledger, one entry at a time.',
        })
      ).info
    : undefined;
  const comment = answerer
    ? await ok(stack, 'POST', 'comment', answerer.token, { object_id: question.id, original_text: 'A remark' })
    : undefined;
  await stack.settle();
  return { question: question.id as string, answer: answer?.id as string, comment: comment?.comment_id as string };
}

export async function rankOf(stack: Stack, userId: string): Promise<Record<string, number>> {
  const rows = await stack.query<{ schema: string; rank: number }>(
    `select 'identity' as schema, rank from identity.users where user_id = $1
     union all select 'posts', rank from posts.actors where user_id = $1
     union all select 'votes', rank from votes.actors where user_id = $1
     union all select 'site', rank from site.actors where user_id = $1`,
    [userId],
  );
  return Object.fromEntries(rows.map((r) => [r.schema, r.rank]));
}

/** The same reputation in identity and in every service's copy of the actors. */
export async function reputation(stack: Stack, userId: string): Promise<number> {
  await settleAround(stack);
  const ranks = Object.values(await rankOf(stack, userId));
  if (new Set(ranks).size !== 1) {
    const parked = await stack.query(
      `select projection, type, error from posts.dead_letters union all select projection, type, error from votes.dead_letters
       union all select projection, type, error from identity.dead_letters`,
    );
    const rows = await stack.query(
      `select 'posts' as copy, * from posts.actor_reputation where user_id = $1
       union all select 'site', * from site.actor_reputation where user_id = $1`,
      [userId],
    );
    throw new Error(
      `copies disagree: ${JSON.stringify(await rankOf(stack, userId))}; ${JSON.stringify(rows)}; parked: ${JSON.stringify(parked)}`,
    );
  }
  return ranks[0]!;
}
