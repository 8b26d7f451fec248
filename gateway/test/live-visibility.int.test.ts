/**
 * What a live stream may carry (issue 47 item 4, docs/adr/0099-live-pages.md): nothing before sign-in on a private
 * site, no held post before it is published, no question the API would not show the caller, staff topics only to
 * staff; a sign-out or a suspension ends the member's streams.
 */
import { defaultSiteSettings, LiveEvent, LiveTopic } from '@agora/contracts';
import { updateSettingsGroup } from '@agora/site';
import { eventually } from '@agora/test-support/eventually';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  admin,
  call,
  type Member,
  makeTag,
  member,
  moderator,
  ok,
  settleAround,
  startModerationStack,
} from '../../services/moderation/test/support/stack';
import { LiveClient } from './support/live-client';

const topicOf = (questionId: string) => `${LiveTopic.questionPrefix}${questionId}`;
const topicsOf = (client: LiveClient, n = 0) => JSON.parse(client.events(LiveEvent.topics)[n]?.data ?? '{}');

describe('live pages: only what the member may see', () => {
  let stack: Stack;
  let url: string;
  let boss: Member;
  let mod: Member;
  let asker: Member;
  let reader: Member;
  const clients: LiveClient[] = [];

  const open = async (topics: string[], token?: string) => {
    const client = await LiveClient.open(url, topics, { token });
    clients.push(client);
    return client;
  };
  const opened = async (topics: string[], token?: string) => {
    const client = await open(topics, token);
    expect(client.status).toBe(200);
    await client.until((c) => c.events(LiveEvent.topics).length === 1);
    return client;
  };
  const ask = async (who: Member, title: string) =>
    (
      await ok(stack, 'POST', 'question', who.token, {
        title,
        content: 'A question to watch from the side.',
        tags: [{ slug_name: 'moderation' }],
      })
    ).id as string;

  beforeAll(async () => {
    stack = await startModerationStack();
    url = await stack.listen();
    boss = await admin(stack, 'Visible Admin');
    mod = await moderator(stack, 'Visible Moderator');
    await makeTag(stack, boss);
    asker = await member(stack, { name: 'Visible Asker', rank: 500 });
    reader = await member(stack, { name: 'Visible Reader', rank: 500 });
  }, 120_000);

  // Every test's streams come from one address, whose streams are limited.
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('gives review to staff only and dashboard to admins only', async () => {
    expect((await open([LiveTopic.review], reader.token)).status).toBe(403);
    expect((await open([LiveTopic.dashboard], mod.token)).status).toBe(403);
    const plain = await opened([LiveTopic.review, LiveTopic.questions], reader.token);
    expect(topicsOf(plain)).toEqual({ granted: [LiveTopic.questions], refused: [LiveTopic.review] });
    const staff = await opened([LiveTopic.review, LiveTopic.dashboard], mod.token);
    expect(topicsOf(staff)).toEqual({ granted: [LiveTopic.review], refused: [LiveTopic.dashboard] });
    const boss_ = await opened([LiveTopic.review, LiveTopic.dashboard], boss.token);
    expect(topicsOf(boss_)).toEqual({ granted: [LiveTopic.review, LiveTopic.dashboard], refused: [] });
    await ask(asker, 'Which totals does the dashboard count, live?');
    await boss_.message((m) => m.topic === LiveTopic.dashboard && m.kind === 'totals_changed');
    // A forged token is refused, not taken for an anonymous caller.
    expect((await open([LiveTopic.questions], `${reader.token}x`)).status).toBe(401);
  });

  it('refuses a deleted question to a member who cannot see it, and drops it from its watchers', async () => {
    const questionId = await ask(asker, 'Who still sees a question once it is deleted?');
    const watcher = await opened([topicOf(questionId), LiveTopic.questions], reader.token);
    await ok(stack, 'DELETE', 'question', asker.token, { id: questionId });
    await watcher.message((m) => m.kind === 'question_status' && m.status === 'deleted');
    // Asked again, the API no longer shows it to the reader: the stream drops it and says so.
    await watcher.until((c) => c.events(LiveEvent.topics).length === 2);
    expect(topicsOf(watcher, 1)).toEqual({ granted: [LiveTopic.questions], refused: [topicOf(questionId)] });
    expect((await open([topicOf(questionId)], reader.token)).status).toBe(403);
    const mixed = await opened([topicOf(questionId), LiveTopic.questions], reader.token);
    expect(topicsOf(mixed).refused).toEqual([topicOf(questionId)]);
    expect((await open([topicOf('10010000000000000000000')], reader.token)).status).toBe(403);
  });

  it('announces a held question only once a moderator publishes it, and tells the staff the queue changed', async () => {
    await ok(stack, 'PUT', `${ADMIN_API}/siteinfo/question`, boss.token, {
      min_tags: 1,
      min_content: 6,
      restrict_answer: true,
      hold_first_posts: 1,
      hold_links_below_reputation: 0,
    });
    await settleAround(stack);
    const newcomer = await member(stack, { name: 'Visible Newcomer' });
    const lists = await opened([LiveTopic.questions], reader.token);
    const queue = await opened([LiveTopic.review], mod.token);
    const held = await ask(newcomer, 'A first question that waits for a moderator?');
    await queue.message((m) => m.kind === 'review_changed');
    await settleAround(stack);
    expect(lists.messages().filter((m) => m.kind === 'question_asked')).toEqual([]);
    // Its author cannot follow it on a live page before it is published either: only the API's own rules decide.
    const [item] = (await ok(stack, 'GET', 'review/pending/post/page?page=1', mod.token)).list as {
      review_id: number;
      object_id: string;
    }[];
    expect(item?.object_id).toBe(held);
    await ok(stack, 'PUT', 'review/pending/post', mod.token, { review_id: item?.review_id, status: 'approve' });
    expect(await lists.message((m) => m.kind === 'question_asked')).toMatchObject({ question_id: held });
    await ok(stack, 'PUT', `${ADMIN_API}/siteinfo/question`, boss.token, {
      min_tags: 1,
      min_content: 6,
      restrict_answer: true,
      hold_first_posts: 0,
      hold_links_below_reputation: 0,
    });
    await settleAround(stack);
  });

  it("ends a member's streams when they sign out or are suspended", async () => {
    const leaving = await member(stack, { name: 'Visible Leaver', rank: 500 });
    const stream = await opened([LiveTopic.me], leaving.token);
    expect((await call(stack, 'GET', 'user/logout', leaving.token)).status).toBe(200);
    await stream.until((c) => c.closed);
    expect((await open([LiveTopic.me], leaving.token)).status).toBe(401);

    const suspended = await member(stack, { name: 'Visible Suspended', rank: 500 });
    const other = await opened([LiveTopic.questions], suspended.token);
    const bystander = await opened([LiveTopic.questions], reader.token);
    await ok(stack, 'PUT', `${ADMIN_API}/user/status`, boss.token, {
      user_id: suspended.id,
      status: 'suspended',
      suspend_duration: '7d',
    });
    await other.until((c) => c.closed);
    expect(bystander.closed).toBe(false);
    expect([401, 403]).toContain((await open([LiveTopic.me], suspended.token)).status);
  });

  it('opens no stream to an anonymous caller of a private site', async () => {
    const security = defaultSiteSettings('http://agora.test').security;
    const anonymous = await opened([LiveTopic.questions]);
    await updateSettingsGroup(
      stack.service('site').context,
      { group: 'security', values: { ...security, login_required: true } },
      null,
    );
    try {
      // Streams already open to anonymous callers end when the site becomes private.
      await anonymous.until((c) => c.closed);
      // The gateway reads the setting again within a second.
      await eventually(async () => {
        const client = await LiveClient.open(url, [LiveTopic.questions]);
        await client.close();
        return client.status === 401;
      });
      await opened([LiveTopic.questions], reader.token);
    } finally {
      await updateSettingsGroup(stack.service('site').context, { group: 'security', values: security }, null);
    }
  });
});
