/**
 * Held posts (pre-moderation, issue 20 item 4) through the gateway on real PostgreSQL: with the site's hold
 * rules on, a new member's first question and an answer with a link from a low-reputation member wait in
 * moderation's queue, unseen by others, uncounted and unannounced; a moderator approves (posts publishes it and
 * the usual notifications follow) or rejects (posts drops it); bad input changes nothing.
 */
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  admin,
  call,
  inboxActions,
  type Member,
  makeTag,
  member,
  moderator,
  ok,
  settleAround,
  startModerationStack,
} from './support/stack';

interface HeldItem {
  review_id: number;
  object_id: string;
  object_type: string;
  reason: string;
  title: string;
  original_text: string;
  author_user_info: { id: string };
}

/** Every held post waiting, page by page (one per page), oldest first. */
async function queue(stack: Stack, who: Member): Promise<HeldItem[]> {
  const first = await ok(stack, 'GET', 'review/pending/post/page?page=1', who.token);
  const items: HeldItem[] = [...first.list];
  for (let page = 2; page <= first.count; page++) {
    items.push(...(await ok(stack, 'GET', `review/pending/post/page?page=${page}`, who.token)).list);
  }
  return items;
}

const queuedCount = async (stack: Stack, who: Member) =>
  ((await ok(stack, 'GET', 'reviewing/type', who.token)) as { name: string; todo_amount: number }[]).find(
    (t) => t.name === 'queued_post',
  )?.todo_amount;

describe('held posts', () => {
  let stack: Stack;
  let boss: Member;
  let mod: Member;
  let regular: Member;
  let newcomer: Member;

  async function ask(who: Member, title: string, content = 'A question from somebody new here.') {
    const reply = await ok(stack, 'POST', 'question', who.token, {
      title,
      content,
      tags: [{ slug_name: 'moderation' }],
    });
    await settleAround(stack);
    return reply.id as string;
  }

  beforeAll(async () => {
    stack = await startModerationStack();
    boss = await admin(stack, 'Held Admin');
    mod = await moderator(stack, 'Held Moderator');
    await makeTag(stack, boss);
    regular = await member(stack, { name: 'Held Regular', rank: 500 });
    // The regular member posted before the rules were switched on.
    await ask(regular, 'A question asked before the site held anything?');
    newcomer = await member(stack, { name: 'Held Newcomer' });
    await ok(stack, 'PUT', `${ADMIN_API}/siteinfo/question`, boss.token, {
      min_tags: 1,
      min_content: 6,
      restrict_answer: true,
      hold_first_posts: 1,
      hold_links_below_reputation: 100,
    });
    await settleAround(stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('holds a new member first question: seen by its author as pending, by nobody else, and queued', async () => {
    const id = await ask(newcomer, 'How do I start as a new member of this site?');
    const own = await ok(stack, 'GET', `question/info?id=${id}`, newcomer.token);
    expect(own.status).toBe(11);
    expect((await call(stack, 'GET', `question/info?id=${id}`)).status).toBe(404);
    expect((await call(stack, 'GET', `question/info?id=${id}`, regular.token)).status).toBe(404);
    const listed = await ok(stack, 'GET', 'question/page?page=1&page_size=50&order=newest');
    expect(listed.list.map((q: { id: string }) => q.id)).not.toContain(id);
    const profile = `personal/question/page?username=${newcomer.username}&order=newest&page=1&page_size=10`;
    expect((await ok(stack, 'GET', profile, newcomer.token)).list).toEqual([
      expect.objectContaining({ question_id: id, status: 'pending' }),
    ]);
    expect((await ok(stack, 'GET', profile, regular.token)).list).toEqual([]);
    // Other services never heard of it: the tag counts no question for it.
    const tag = await ok(stack, 'GET', 'tag?name=moderation');
    expect(tag.question_count).toBe(1);

    const items = await queue(stack, mod);
    expect(items).toEqual([
      expect.objectContaining({
        object_id: id,
        object_type: 'question',
        reason: 'New member',
        title: 'How do I start as a new member of this site?',
        original_text: 'A question from somebody new here.',
        author_user_info: expect.objectContaining({ id: newcomer.id }),
      }),
    ]);
    expect(await queuedCount(stack, mod)).toBe(1);
    expect(await queuedCount(stack, boss)).toBe(1);
    // The red dot's review count carries it for the staff.
    expect((await ok(stack, 'GET', 'notification/status', mod.token)).revision).toBeGreaterThanOrEqual(1);
  });

  it('refuses the queue and the decision to members (403) and anonymous callers (401)', async () => {
    const [item] = await queue(stack, mod);
    if (!item) throw new Error('nothing held');
    expect((await call(stack, 'GET', 'review/pending/post/page?page=1', regular.token)).status).toBe(403);
    expect((await call(stack, 'GET', 'review/pending/post/page?page=1')).status).toBe(401);
    const body = { review_id: item.review_id, status: 'approve' };
    expect((await call(stack, 'PUT', 'review/pending/post', newcomer.token, body)).status).toBe(403);
    expect((await call(stack, 'PUT', 'review/pending/post', undefined, body)).status).toBe(401);
    // Answers wait until the question is published; its author cannot edit it meanwhile.
    const answer = await call(stack, 'POST', 'answer', regular.token, {
      question_id: item.object_id,
      content: 'Early.',
    });
    expect(answer.status).toBe(404);
    const comment = await call(stack, 'POST', 'comment', newcomer.token, {
      object_id: item.object_id,
      original_text: 'A comment on my own held question.',
    });
    expect([comment.status, comment.body.reason]).toEqual([400, 'error.post.pending']);
    expect((await call(stack, 'GET', 'review/pending/post/page?page=1', mod.token)).body.data.count).toBe(1);
  });

  it('publishes an approved question: public, counted, and the next post of its author is not held', async () => {
    const [item] = await queue(stack, mod);
    if (!item) throw new Error('nothing held');
    expect(
      await ok(stack, 'PUT', 'review/pending/post', mod.token, { review_id: item.review_id, status: 'approve' }),
    ).toBe(null);
    await settleAround(stack);
    const info = await ok(stack, 'GET', `question/info?id=${item.object_id}`);
    expect(info.status).toBe(1);
    const listed = await ok(stack, 'GET', 'question/page?page=1&page_size=50&order=newest');
    expect(listed.list.map((q: { id: string }) => q.id)).toContain(item.object_id);
    expect((await ok(stack, 'GET', 'tag?name=moderation')).question_count).toBe(2);
    expect(await queue(stack, mod)).toEqual([]);
    expect(await queuedCount(stack, mod)).toBe(0);
    // Decided once: a second decision is refused, and a review id never held is not found.
    const again = await call(stack, 'PUT', 'review/pending/post', mod.token, {
      review_id: item.review_id,
      status: 'reject',
    });
    expect([again.status, again.body.reason]).toEqual([400, 'error.review.decided']);
    const unknown = await call(stack, 'PUT', 'review/pending/post', mod.token, {
      review_id: 999_999,
      status: 'reject',
    });
    expect(unknown.status).toBe(404);
    const bad = await call(stack, 'PUT', 'review/pending/post', mod.token, { review_id: 'x', status: 'maybe' });
    expect(bad.status).toBe(400);
    // One published post is all the site asks of a newcomer.
    const next = await ask(newcomer, 'A second question from the newcomer, published at once?');
    expect((await ok(stack, 'GET', `question/info?id=${next}`)).status).toBe(1);
  });

  it('holds an answer with a link from a low-reputation member, its notification withheld until approval', async () => {
    const question = await ask(regular, 'Where can I read about the moderation rules?');
    const linker = await member(stack, { name: 'Held Linker', rank: 10 });
    await ask(linker, 'A first question so the newcomer rule is not the one that holds?');
    const [first] = await queue(stack, mod);
    if (!first) throw new Error('the first question was not held');
    await ok(stack, 'PUT', 'review/pending/post', mod.token, { review_id: first.review_id, status: 'approve' });
    await settleAround(stack);

    const answer = await ok(stack, 'POST', 'answer', linker.token, {
      question_id: question,
      content: 'Read [the rules](https://example.org/rules) first.',
    });
    await settleAround(stack);
    const answerId = answer.info.id as string;
    expect((await call(stack, 'GET', `answer/info?id=${answerId}`)).status).toBe(404);
    expect((await ok(stack, 'GET', `answer/info?id=${answerId}`, linker.token)).info.status).toBe(11);
    expect((await ok(stack, 'GET', `question/info?id=${question}`)).answer_count).toBe(0);
    expect(await inboxActions(stack, regular)).not.toContain('answer_the_question');
    const [held] = await queue(stack, mod);
    expect(held).toMatchObject({ object_id: answerId, object_type: 'answer', reason: 'Links from a new member' });
    expect(held?.title).toBe('Where can I read about the moderation rules?');

    await ok(stack, 'PUT', 'review/pending/post', boss.token, { review_id: held?.review_id, status: 'approve' });
    await settleAround(stack);
    expect((await ok(stack, 'GET', `answer/info?id=${answerId}`)).info.status).toBe(1);
    expect((await ok(stack, 'GET', `question/info?id=${question}`)).answer_count).toBe(1);
    expect(await inboxActions(stack, regular)).toContain('answer_the_question');
  });

  it('drops a rejected post for good, and lets its author withdraw one still held', async () => {
    const rejectedOne = await member(stack, { name: 'Held Rejected' });
    const id = await ask(rejectedOne, 'A question the moderators will turn down?');
    const [item] = await queue(stack, mod);
    if (!item) throw new Error('nothing held');
    await ok(stack, 'PUT', 'review/pending/post', mod.token, { review_id: item.review_id, status: 'reject' });
    await settleAround(stack);
    expect((await call(stack, 'GET', `question/info?id=${id}`)).status).toBe(404);
    expect((await ok(stack, 'GET', `question/info?id=${id}`, mod.token)).status).toBe(10);
    expect((await call(stack, 'POST', 'question/recover', mod.token, { question_id: id })).status).toBe(404);

    const withdrawn = await ask(rejectedOne, 'A question its author takes back before review?');
    expect(await queue(stack, mod)).toHaveLength(1);
    await ok(stack, 'DELETE', 'question', rejectedOne.token, { id: withdrawn });
    await settleAround(stack);
    expect(await queue(stack, mod)).toEqual([]);
    expect((await ok(stack, 'GET', 'tag?name=moderation')).question_count).toBe(5);
  });
});
