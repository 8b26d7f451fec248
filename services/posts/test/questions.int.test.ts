import { defaultSiteSettings, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { toActor } from '@agora/platform';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsFor, postsService } from '../src/service';

let stack: Stack;
const API = '/answer/api/v1';
let asker: TestUser;
let askerToken: string;
let other: TestUser;
let otherToken: string;
let moderatorToken: string;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  asker = await createUser(stack, { name: 'Asker Person' });
  other = await createUser(stack, { name: 'Other Person' });
  const moderator = await createUser(stack, { roleId: Role.moderator });
  await stack.settle();
  askerToken = await login(stack, asker);
  otherToken = await login(stack, other);
  moderatorToken = await login(stack, moderator);
  // Existing tags: a moderator's question brings them into use.
  const seeds = [
    await ask(moderatorToken, { title: 'Seeding the common tags', tags: ['typescript', 'postgresql', 'kafka'] }),
    await ask(moderatorToken, { title: 'Seeding more common tags', tags: ['search', 'events', 'node'] }),
  ];
  expect(seeds.map((s) => s.status)).toEqual([200, 200]);
});

afterAll(async () => {
  await stack?.close();
});

async function ask(token: string, input: { title?: string; content?: string; tags?: string[] } = {}) {
  return stack.call('POST', `${API}/question`, {
    token,
    body: {
      title: input.title ?? 'How do I read my own writes?',
      content: input.content ?? 'I append an event and **immediately** query the read model.',
      tags: (input.tags ?? ['typescript']).map((slug_name) => ({ slug_name })),
    },
  });
}

describe('questions', () => {
  it('asks a question and shows it in detail and in the newest list', async () => {
    const asked = await ask(askerToken, {
      content: 'Body with <script>alert(1)</script> and `code`.',
      tags: ['TypeScript', 'events'],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const q = asked.body.data;
    expect(q).toMatchObject({
      title: 'How do I read my own writes?',
      url_title: 'how-do-i-read-my-own-writes',
      status: 1,
      pin: 1,
      show: 1,
      answer_count: 0,
      tags: [
        { slug_name: 'typescript', display_name: 'typescript', recommend: false, reserved: false },
        { slug_name: 'events', display_name: 'events', recommend: false, reserved: false },
      ],
      user_info: { id: asker.id, display_name: 'Asker Person' },
    });
    expect(q.id).toMatch(/^1001\d{19}$/);
    expect(q.html).toContain('<code>code</code>');
    expect(q.html).not.toContain('<script');
    expect(q.member_actions.map((a: { action: string }) => a.action)).toEqual(['edit', 'delete']);

    const detail = await stack.call('GET', `${API}/question/info?id=${q.id}`);
    expect(detail.body.data.id).toBe(q.id);
    expect(detail.body.data.member_actions).toEqual([]);
    const list = await stack.call('GET', `${API}/question/page?order=newest&page=1&page_size=20`);
    expect(list.body.data.list[0]).toMatchObject({ id: q.id, operation_type: 'asked', operator: { id: asker.id } });
    expect(list.body.data.count).toBeGreaterThanOrEqual(2);

    // Views are counted without a write per view, flushed in batches.
    await stack.call('GET', `${API}/question/info?id=${q.id}`, { token: otherToken });
    await postsFor(stack.service('posts')).views.flush();
    const viewed = await stack.call('GET', `${API}/question/info?id=${q.id}`);
    expect(viewed.body.data.view_count).toBe(2);
    expect(viewed.body.data.unique_view_count).toBe(2);
  });

  it('replies to an ask with what question/info then shows the asker, without reading it back', async () => {
    const asked = await ask(askerToken, { title: 'What does the ask reply hold?', tags: ['kafka', 'node'] });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const shown = await stack.call('GET', `${API}/question/info?id=${asked.body.data.id}`, { token: askerToken });
    // Views are buffered: this one may or may not have been flushed yet.
    expect({ ...shown.body.data, view_count: 0, unique_view_count: 0 }).toEqual(asked.body.data);
    expect(asked.body.data.user_info).toMatchObject({ id: asker.id, username: asker.username, status: 'normal' });

    // The row the reply is built from is the one the ask's own statement wrote, as a read gives it.
    const [actorRow] = await stack.query('select * from posts.actors where user_id = $1', [asker.id]);
    const { questions } = postsFor(stack.service('posts'));
    const { id, row } = await questions.askWithRow(toActor(actorRow), {
      title: 'Which row does the ask give back?',
      content: 'The one its single statement wrote.',
      tags: [{ slug_name: 'kafka' }],
    });
    expect(row).not.toBeNull();
    expect(row).toEqual((await stack.query('select * from posts.questions where id = $1', [id]))[0]);
  });

  it('checks the fields and the tag rules', async () => {
    const bad = await stack.call('POST', `${API}/question`, {
      token: askerToken,
      body: { title: 'short', content: '', tags: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ error_field: 'title', error_msg: 'Title must be at least 6 characters.' }]);
    const long = await ask(askerToken, { title: 'x'.repeat(151) });
    expect(long.body.data).toEqual([{ error_field: 'title', error_msg: 'Title must be at most 150 characters.' }]);
    expect((await ask(askerToken, { tags: [] })).body.data).toEqual([
      { error_field: 'tags', error_msg: 'Tags needs at least 1 items.' },
    ]);
    expect((await ask(askerToken, { tags: ['a', 'b', 'c', 'd', 'e', 'f'] })).body.data).toEqual([
      { error_field: 'tags', error_msg: 'Tags can have at most 5 items.' },
    ]);
    expect((await ask(askerToken, { content: 'tiny' })).body.data).toEqual([
      { error_field: 'content', error_msg: 'Content must be at least 6 characters.' },
    ]);
    const newTag = await ask(askerToken, { tags: ['never-seen-before'] });
    expect(newTag.status).toBe(400);
    expect(newTag.body.data).toEqual({ err_type: 'toast' });
    expect(newTag.body.msg).toContain('never-seen-before');
    expect((await ask(moderatorToken, { tags: ['brand-new-tag'] })).status).toBe(200);
    expect(
      (
        await stack.call('POST', `${API}/question`, {
          body: { title: 'Anonymous question', content: 'Hello there', tags: [] },
        })
      ).status,
    ).toBe(401);
  });

  it('keeps reserved tags for moderators and requires a recommended tag when the site says so', async () => {
    const defaults = defaultSiteSettings('http://agora.test').tags;
    await updateSettingsGroup(
      stack.service('site').context,
      {
        group: 'tags',
        values: {
          ...defaults,
          reserved_tags: [{ slug_name: 'announcements', display_name: 'Announcements' }],
          required_tag: true,
          recommend_tags: [{ slug_name: 'search', display_name: 'Search' }],
        },
      },
      null,
    );
    await stack.settle();
    expect((await ask(askerToken, { tags: ['kafka'] })).body.data).toEqual([
      { error_field: 'tags', error_msg: 'Choose at least one recommended tag.' },
    ]);
    expect((await ask(askerToken, { tags: ['search', 'announcements'] })).body.data).toEqual([
      { error_field: 'tags', error_msg: 'Only moderators can use reserved tags.' },
    ]);
    expect((await ask(moderatorToken, { tags: ['search', 'announcements'] })).status).toBe(200);
    expect((await ask(askerToken, { tags: ['search', 'kafka'] })).status).toBe(200);
    await updateSettingsGroup(stack.service('site').context, { group: 'tags', values: defaults }, null);
    await stack.settle();
  });

  it('applies edits of the author at once, queues others for review, and blocks edits while one waits', async () => {
    const q = (await ask(askerToken, { title: 'A question to be edited' })).body.data;
    const edit = (token: string, title: string) =>
      stack.call('PUT', `${API}/question`, {
        token,
        body: {
          id: q.id,
          title,
          content: q.content,
          tags: [{ slug_name: 'typescript' }],
          edit_summary: 'clearer title',
        },
      });
    expect((await edit(askerToken, 'A question that was edited')).body.data).toEqual({
      url_title: 'a-question-that-was-edited',
      wait_for_review: false,
    });
    expect((await edit(otherToken, 'Someone else edits this')).status).toBe(403);
    await setReputation(stack, other.id, 150);
    const suggested = await edit(otherToken, 'Someone else suggests this');
    expect(suggested.body.data).toEqual({ url_title: 'someone-else-suggests-this', wait_for_review: true });
    expect((await stack.call('GET', `${API}/question/info?id=${q.id}`)).body.data.title).toBe(
      'A question that was edited',
    );
    const blocked = await edit(askerToken, 'The author edits meanwhile');
    expect(blocked.status).toBe(400);
    expect(blocked.body).toMatchObject({
      data: { err_type: 'toast' },
      msg: 'An edit of this post is waiting for review.',
    });
    await setReputation(stack, other.id, 1);
  });
});

describe('answers and acceptance', () => {
  it('answers once per user, refuses answers to closed questions, and lets the asker accept and withdraw', async () => {
    const q = (await ask(askerToken, { title: 'Which bus should I choose?' })).body.data;
    const answer = await stack.call('POST', `${API}/answer`, {
      token: otherToken,
      body: { question_id: q.id, content: 'Kafka, when you scale out.' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.info).toMatchObject({ question_id: q.id, accepted: 1, user_info: { id: other.id } });
    expect(answer.body.data.question.answer_count).toBe(1);
    const again = await stack.call('POST', `${API}/answer`, {
      token: otherToken,
      body: { question_id: q.id, content: 'A second opinion of mine.' },
    });
    expect(again.status).toBe(403);
    expect(
      (await stack.call('POST', `${API}/answer`, { token: askerToken, body: { question_id: q.id, content: 'short' } }))
        .body.data,
    ).toEqual([{ error_field: 'content', error_msg: 'Content must be at least 6 characters.' }]);

    const answerId = answer.body.data.info.id;
    expect(
      (
        await stack.call('POST', `${API}/answer/acceptance`, {
          token: otherToken,
          body: { question_id: q.id, answer_id: answerId },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await stack.call('POST', `${API}/answer/acceptance`, {
          token: askerToken,
          body: { question_id: q.id, answer_id: answerId },
        })
      ).status,
    ).toBe(200);
    const page = await stack.call('GET', `${API}/answer/page?question_id=${q.id}`);
    expect(page.body.data).toMatchObject({ count: 1, list: [{ id: answerId, accepted: 2 }] });
    expect((await stack.call('GET', `${API}/question/info?id=${q.id}`)).body.data.accepted_answer_id).toBe(answerId);
    await stack.call('POST', `${API}/answer/acceptance`, {
      token: askerToken,
      body: { question_id: q.id, answer_id: '0' },
    });
    expect((await stack.call('GET', `${API}/question/info?id=${q.id}`)).body.data.accepted_answer_id).toBe('0');

    // The owner cannot delete a question that has an accepted answer or several answers...
    await stack.call('POST', `${API}/answer/acceptance`, {
      token: askerToken,
      body: { question_id: q.id, answer_id: answerId },
    });
    const refused = await stack.call('DELETE', `${API}/question`, { token: askerToken, body: { id: q.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({ err_type: 'toast' });
    // ...nor an accepted answer, but a moderator can.
    expect((await stack.call('DELETE', `${API}/answer`, { token: otherToken, body: { id: answerId } })).status).toBe(
      400,
    );
    expect(
      (await stack.call('DELETE', `${API}/answer`, { token: moderatorToken, body: { id: answerId } })).status,
    ).toBe(200);
    expect((await stack.call('GET', `${API}/question/info?id=${q.id}`)).body.data.answer_count).toBe(0);
    expect(
      (await stack.call('POST', `${API}/answer/recover`, { token: askerToken, body: { answer_id: answerId } })).status,
    ).toBe(403);
    expect(
      (await stack.call('POST', `${API}/answer/recover`, { token: moderatorToken, body: { answer_id: answerId } }))
        .status,
    ).toBe(200);
    expect((await stack.call('GET', `${API}/question/info?id=${q.id}`)).body.data.answer_count).toBe(1);

    expect(
      (
        await stack.call('PUT', `${API}/question/status`, {
          token: moderatorToken,
          body: { id: q.id, close_type: 1, close_msg: 'Answered elsewhere' },
        })
      ).status,
    ).toBe(200);
    const closed = await stack.call('POST', `${API}/answer`, {
      token: moderatorToken,
      body: { question_id: q.id, content: 'Too late for this one.' },
    });
    expect(closed.status).toBe(400);
    const info = (await stack.call('GET', `${API}/question/info?id=${q.id}`)).body.data;
    expect(info).toMatchObject({ status: 2, operation: { type: 'closed', msg: 'Answered elsewhere' } });
  });
});

describe('moderation of questions', () => {
  it('pins to the top of every list, hides from lists, deletes and undeletes, for moderators only', async () => {
    const q = (await ask(askerToken, { title: 'An old question to pin' })).body.data;
    await ask(askerToken, { title: 'A newer question after it' });
    const op = (token: string, operation: string) =>
      stack.call('PUT', `${API}/question/operation`, { token, body: { id: q.id, operation } });
    expect((await op(askerToken, 'pin')).status).toBe(403);
    expect((await op(moderatorToken, 'pin')).status).toBe(200);
    for (const order of ['newest', 'active', 'score', 'frequent']) {
      const list = await stack.call('GET', `${API}/question/page?order=${order}`);
      expect(list.body.data.list[0], order).toMatchObject({ id: q.id, pin: 2 });
    }
    expect((await op(moderatorToken, 'hide')).status).toBe(200);
    expect((await stack.call('GET', `${API}/question/info?id=${q.id}`)).body.data.show).toBe(1);
    await op(moderatorToken, 'unpin');
    await op(moderatorToken, 'hide');
    const list = await stack.call('GET', `${API}/question/page?order=newest&page_size=100`);
    expect(list.body.data.list.map((x: { id: string }) => x.id)).not.toContain(q.id);
    expect((await stack.call('GET', `${API}/question/info?id=${q.id}`, { token: otherToken })).status).toBe(404);
    expect((await stack.call('GET', `${API}/question/info?id=${q.id}`, { token: askerToken })).status).toBe(200);
    await op(moderatorToken, 'show');

    expect((await stack.call('DELETE', `${API}/question`, { token: otherToken, body: { id: q.id } })).status).toBe(403);
    expect((await stack.call('DELETE', `${API}/question`, { token: askerToken, body: { id: q.id } })).status).toBe(200);
    expect((await stack.call('GET', `${API}/question/info?id=${q.id}`)).status).toBe(404);
    expect(
      (await stack.call('POST', `${API}/question/recover`, { token: moderatorToken, body: { question_id: q.id } }))
        .status,
    ).toBe(200);
    expect((await stack.call('GET', `${API}/question/info?id=${q.id}`)).body.data.status).toBe(1);
  });

  it('filters the list by tag and by author, and answers 404 past the last page', async () => {
    await ask(otherToken, { title: 'Only about kafka partitions', tags: ['kafka'] });
    const byTag = await stack.call('GET', `${API}/question/page?order=newest&tag=kafka`);
    expect(
      byTag.body.data.list.every((x: { tags: { slug_name: string }[] }) => x.tags.some((t) => t.slug_name === 'kafka')),
    ).toBe(true);
    const byUser = await stack.call('GET', `${API}/question/page?order=newest&username=${other.username}`);
    expect(byUser.body.data.list.every((x: { operator: { id: string } }) => x.operator.id === other.id)).toBe(true);
    expect((await stack.call('GET', `${API}/question/page?order=newest&page=999`)).status).toBe(404);
    const unanswered = await stack.call('GET', `${API}/question/page?order=unanswered&page_size=100`);
    expect(
      unanswered.body.data.list.every(
        (x: { answer_count: number; status: number }) => x.answer_count === 0 && x.status === 1,
      ),
    ).toBe(true);
  });
});

describe('comments', () => {
  it('adds comments and replies with linked mentions, pages them 3 then 15, and limits editing to 5 minutes', async () => {
    const q = (await ask(askerToken, { title: 'A question to discuss' })).body.data;
    const first = await stack.call('POST', `${API}/comment`, {
      token: otherToken,
      body: { object_id: q.id, original_text: `Good point @${asker.username} and @nobody-here` },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.parsed_text).toContain(`href="/users/${asker.username}"`);
    expect(first.body.data.parsed_text).toContain('@nobody-here');
    const reply = await stack.call('POST', `${API}/comment`, {
      token: askerToken,
      body: { object_id: q.id, original_text: 'Thanks for that!', reply_comment_id: first.body.data.comment_id },
    });
    expect(reply.body.data).toMatchObject({
      reply_comment_id: first.body.data.comment_id,
      reply_user_id: other.id,
      reply_username: other.username,
    });
    for (let i = 0; i < 18; i++) {
      await stack.call('POST', `${API}/comment`, {
        token: otherToken,
        body: { object_id: q.id, original_text: `comment number ${i}` },
      });
    }
    const firstPage = await stack.call('GET', `${API}/comment/page?object_id=${q.id}&page=1&page_size=3`);
    expect(firstPage.body.data.count).toBe(20);
    expect(firstPage.body.data.list.map((c: { comment_id: string }) => c.comment_id).slice(0, 2)).toEqual([
      first.body.data.comment_id,
      reply.body.data.comment_id,
    ]);
    const more = await stack.call('GET', `${API}/comment/page?object_id=${q.id}&page=2&page_size=15`);
    expect(more.body.data.list).toHaveLength(5);

    const edited = await stack.call('PUT', `${API}/comment`, {
      token: otherToken,
      body: { comment_id: first.body.data.comment_id, original_text: 'Edited within the window' },
    });
    expect(edited.body.data.original_text).toBe('Edited within the window');
    const notMine = await stack.call('PUT', `${API}/comment`, {
      token: askerToken,
      body: { comment_id: first.body.data.comment_id, original_text: 'Not my comment to edit' },
    });
    expect(notMine.status).toBe(400);
    expect(
      (
        await stack.call('DELETE', `${API}/comment`, {
          token: askerToken,
          body: { comment_id: first.body.data.comment_id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await stack.call('DELETE', `${API}/comment`, {
          token: otherToken,
          body: { comment_id: first.body.data.comment_id },
        })
      ).status,
    ).toBe(200);
    expect((await stack.call('GET', `${API}/comment/page?object_id=${q.id}`)).body.data.count).toBe(19);
    const short = await stack.call('POST', `${API}/comment`, {
      token: otherToken,
      body: { object_id: q.id, original_text: 'x' },
    });
    expect(short.body.data).toEqual([
      { error_field: 'original_text', error_msg: 'Original text must be at least 2 characters.' },
    ]);
  });

  it('renders previews with the same sanitiser as stored posts', async () => {
    const render = await stack.call('POST', `${API}/post/render`, {
      token: askerToken,
      body: { content: '# Title\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>' },
    });
    expect(render.body.data).toContain('<h1>Title</h1>');
    // markdown-it leaves a javascript: link as inert text; nothing executable may remain.
    expect(render.body.data).not.toMatch(/href="javascript|<img[^>]*onerror|<script/i);
  });
});
