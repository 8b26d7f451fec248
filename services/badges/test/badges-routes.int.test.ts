/**
 * The badges routes through the gateway, on real PostgreSQL, with awards made by the services' own events
 * (issue 19 item 5): every route's shape as the reference client reads it, who may call it, and its 400s.
 */
import { BADGES, Role } from '@agora/contracts';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  flushViews,
  heldBy,
  type Member,
  member,
  ok,
  react,
  settleAround,
  startBadgesStack,
  thread,
  upVotes,
} from './support/stack';

const idOf = (key: string) => BADGES.find((b) => b.key === key)!.id;

let stack: Stack;
let asker: Member;
let answerer: Member;
let admin: Member;
let question: string;
let answer: string;

beforeAll(async () => {
  stack = await startBadgesStack();
  asker = await member(stack, { name: 'Badge Asker' });
  answerer = await member(stack, { name: 'Badge Answerer' });
  admin = await member(stack, { name: 'Badge Admin', roleId: Role.admin });
  // The admin brings the tag into use, so that members may file questions under it.
  await thread(stack, admin);
  ({ question, answer } = (await thread(stack, asker, answerer)) as { question: string; answer: string });
  // Scholar and Solved, Editor, First Upvote and Nice Answer, Autobiographer, First Share, First Reaction.
  await ok(stack, 'POST', 'answer/acceptance', asker.token, { question_id: question, answer_id: answer });
  await ok(stack, 'PUT', 'answer', answerer.token, { id: answer, content: 'An answer worth votes, now edited.' });
  await upVotes(stack, answer, 10);
  await ok(stack, 'PUT', 'user/info', asker.token, {
    display_name: 'Badge Asker',
    username: asker.username,
    bio: 'I ask questions about badges.',
  });
  await ok(stack, 'GET', `question/info?id=${question}&share=${answerer.username}`, asker.token);
  await flushViews(stack);
  await react(stack, asker, { id: answer, type: 'answer', questionId: question, ownerId: answerer.id });
  await settleAround(stack);
});
afterAll(async () => {
  await stack?.close();
});

const get = (url: string, token?: string, language?: string) =>
  stack.call('GET', `${API}/${url}`, { token, headers: language ? { 'accept-language': language } : {} });

describe('awards made from the services’ events', () => {
  it('gives each member the badges their acts earned, once each', async () => {
    expect(await heldBy(stack, asker.id)).toEqual(['scholar', 'autobiographer', 'first_reaction'].map(idOf).sort());
    expect(await heldBy(stack, answerer.id)).toEqual(
      ['solved', 'editor', 'nice_answer', 'first_share'].map(idOf).sort(),
    );
    const voters = await stack.query<{ n: number }>(
      `select count(*)::int as n from badges.badge_awards where badge_id = $1`,
      [idOf('first_upvote')],
    );
    expect(voters[0]!.n).toBe(10);
  });
});

describe('GET badges', () => {
  it('lists the active badges in three groups with award counts and the caller’s earned counts', async () => {
    const { status, body } = await get('badges', answerer.token);
    expect(status).toBe(200);
    expect(body.data.map((g: { group_name: string }) => g.group_name)).toEqual([
      'Getting Started',
      'Community',
      'Posting',
    ]);
    const all = body.data.flatMap((g: { badges: unknown[] }) => g.badges);
    expect(all).toHaveLength(14);
    const editor = all.find((b: { id: string }) => b.id === idOf('editor'));
    expect(editor).toEqual({
      id: idOf('editor'),
      name: 'Editor',
      icon: 'pencil-fill',
      level: 1,
      award_count: 1,
      earned_count: 1,
    });
    const upvote = all.find((b: { id: string }) => b.id === idOf('first_upvote'));
    expect([upvote.award_count, upvote.earned_count]).toEqual([10, 0]);
    expect(all.find((b: { id: string }) => b.id === idOf('great_answer')).level).toBe(3);
  });

  it('answers anonymous callers with no earned counts, in the caller’s language', async () => {
    const { body } = await get('badges', undefined, 'zh_CN');
    expect(body.data.map((g: { group_name: string }) => g.group_name)).toEqual(['入门', '社区', '发帖']);
    const solved = body.data[1].badges[0];
    expect([solved.name, solved.award_count, solved.earned_count]).toEqual(['已解决', 1, 0]);
  });
});

describe('GET badge', () => {
  it('answers one badge with its description and whether it repeats', async () => {
    const { body } = await get(`badge?id=${idOf('nice_answer')}`, answerer.token);
    expect(body.data).toEqual({
      id: idOf('nice_answer'),
      name: 'Nice Answer',
      description: 'Wrote an answer with 10 or more up-votes.',
      icon: 'chat-square-text-fill',
      level: 1,
      is_single: false,
      award_count: 1,
      earned_count: 1,
    });
    expect((await get(`badge?id=${idOf('scholar')}`)).body.data).toMatchObject({ is_single: true, earned_count: 0 });
  });

  it('refuses an unknown id with 404 and a missing one with a field error', async () => {
    const unknown = await get('badge?id=10090000000000000000099');
    expect([unknown.status, unknown.body.reason, unknown.body.msg]).toEqual([
      404,
      'base.not_found',
      'The badge does not exist.',
    ]);
    const missing = await get('badge');
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([{ error_field: 'id', error_msg: 'Id cannot be empty.' }]);
  });
});

describe('GET badge/awards/page', () => {
  it('pages a badge’s awards, newest first, with the member and the post they link to', async () => {
    const { body } = await get(`badge/awards/page?badge_id=${idOf('solved')}&page=1&page_size=30`);
    expect(body.data.count).toBe(1);
    const [item] = body.data.list;
    expect(Object.keys(item).sort()).toEqual(
      [
        'answer_id',
        'author_user_info',
        'comment_id',
        'created_at',
        'object_id',
        'object_type',
        'question_id',
        'url_title',
      ].sort(),
    );
    expect(item).toMatchObject({
      object_id: answer,
      object_type: 'answer',
      question_id: question,
      answer_id: answer,
      comment_id: '',
      url_title: expect.stringMatching(/^which-badge-does-this-earn/),
    });
    expect(item.author_user_info).toMatchObject({
      id: answerer.id,
      username: answerer.username,
      display_name: 'Badge Answerer',
    });
    expect(item.created_at).toBeGreaterThan(Date.now() / 1000 - 600);
  });

  it('filters by member, and pages', async () => {
    const first = await get(`badge/awards/page?badge_id=${idOf('first_upvote')}&page=1&page_size=4`);
    expect([first.body.data.count, first.body.data.list.length]).toEqual([10, 4]);
    const last = await get(`badge/awards/page?badge_id=${idOf('first_upvote')}&page=3&page_size=4`);
    expect(last.body.data.list).toHaveLength(2);
    const times = first.body.data.list.map((i: { created_at: number }) => i.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const own = await get(`badge/awards/page?badge_id=${idOf('solved')}&username=${asker.username}`);
    expect(own.body.data).toEqual({ count: 0, list: [] });
    const profile = await get(
      `badge/awards/page?badge_id=${idOf('autobiographer')}&username=${asker.username.toUpperCase()}`,
    );
    expect(profile.body.data.list[0]).toMatchObject({ object_id: '', object_type: '', question_id: '', url_title: '' });
  });

  it('answers 400 per field for a missing badge or a bad page, 404 for an unknown badge or member', async () => {
    const missing = await get('badge/awards/page');
    expect(missing.status).toBe(400);
    expect(missing.body.data.map((e: { error_field: string }) => e.error_field)).toEqual(['badge_id']);
    const big = await get(`badge/awards/page?badge_id=${idOf('solved')}&page_size=101&page=0`);
    expect(big.body.data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['page', 'page_size']);
    expect((await get('badge/awards/page?badge_id=10090000000000000000099')).status).toBe(404);
    const nobody = await get(`badge/awards/page?badge_id=${idOf('solved')}&username=nobody-here`);
    expect([nobody.status, nobody.body.msg]).toEqual([404, 'User not found.']);
  });
});

describe('GET badge/user/awards and badge/user/awards/recent', () => {
  it('answer a member’s badges as a page, the latest first, with how often each was earned', async () => {
    const { body } = await get(`badge/user/awards?username=${answerer.username}`);
    expect(body.data.count).toBe(4);
    expect(body.data.list.map((b: { id: string }) => b.id).sort()).toEqual(
      ['solved', 'editor', 'nice_answer', 'first_share'].map(idOf).sort(),
    );
    expect(body.data.list.find((b: { id: string }) => b.id === idOf('solved'))).toEqual({
      id: idOf('solved'),
      name: 'Solved',
      icon: 'check-square-fill',
      level: 1,
      earned_count: 1,
    });
    const recent = await get(`badge/user/awards/recent?username=${answerer.username}`, undefined, 'zh_CN');
    expect(recent.body.data.count).toBe(4);
    expect(recent.body.data.list[0].name).toBe('首次分享');
  });

  it('refuse a missing username with 400 and an unknown one with 404', async () => {
    const missing = await get('badge/user/awards');
    expect([missing.status, missing.body.data[0].error_field]).toEqual([400, 'username']);
    expect((await get('badge/user/awards/recent?username=nobody-here')).status).toBe(404);
    const long = await get(`badge/user/awards?username=${'x'.repeat(31)}`);
    expect(long.status).toBe(400);
  });
});

describe('admin badges', () => {
  it('lists every badge with status and awards, filtered by status and name; admins only', async () => {
    const anonymous = await stack.call('GET', `${ADMIN_API}/badges`);
    expect(anonymous.status).toBe(401);
    expect((await stack.call('GET', `${ADMIN_API}/badges`, { token: asker.token })).status).toBe(403);
    const page = await stack.call('GET', `${ADMIN_API}/badges?page=1&page_size=10`, { token: admin.token });
    expect(page.body.data.count).toBe(14);
    expect(page.body.data.list).toHaveLength(10);
    expect(page.body.data.list[1]).toEqual({
      id: idOf('editor'),
      name: 'Editor',
      description: 'Edited a question or an answer for the first time.',
      group_name: 'Getting Started',
      icon: 'pencil-fill',
      level: 1,
      status: 'active',
      award_count: 1,
      earned: true,
    });
    const found = await stack.call('GET', `${ADMIN_API}/badges?q=answer`, { token: admin.token });
    expect(found.body.data.list.map((b: { name: string }) => b.name)).toEqual([
      'Nice Answer',
      'Good Answer',
      'Great Answer',
    ]);
    const inactive = await stack.call('GET', `${ADMIN_API}/badges?status=inactive`, { token: admin.token });
    expect(inactive.body.data).toEqual({ count: 0, list: [] });
    const bad = await stack.call('GET', `${ADMIN_API}/badges?status=gone`, { token: admin.token });
    expect([bad.status, bad.body.data[0].error_field]).toEqual([400, 'status']);
  });

  it('deactivating hides a badge and stops new awards; activating it again lets the next fact earn it', async () => {
    const editorId = idOf('editor');
    const editor = await member(stack, { name: 'Late Editor' });
    const own = (await thread(stack, editor)).question;
    const put = (status: string, token = admin.token, id = editorId) =>
      stack.call('PUT', `${ADMIN_API}/badge/status`, { token, body: { id, status } });
    expect((await put('inactive', asker.token)).status).toBe(403);
    expect((await put('inactive')).body).toMatchObject({ code: 200, data: null });

    const catalogue = await get('badges');
    expect(catalogue.body.data.flatMap((g: { badges: { id: string }[] }) => g.badges.map((b) => b.id))).not.toContain(
      editorId,
    );
    expect((await get(`badge?id=${editorId}`)).status).toBe(404);
    expect((await get(`badge/awards/page?badge_id=${editorId}`)).status).toBe(404);
    const answererBadges = await get(`badge/user/awards?username=${answerer.username}`);
    expect(answererBadges.body.data.list.map((b: { id: string }) => b.id)).not.toContain(editorId);
    const listed = await stack.call('GET', `${ADMIN_API}/badges?status=inactive`, { token: admin.token });
    expect(listed.body.data.list.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([
      [editorId, 'inactive'],
    ]);

    const edit = (n: number) =>
      ok(stack, 'PUT', 'question', editor.token, {
        id: own,
        title: `An edited question about badges, take ${n}`,
        content: `Edited for the badge, take ${n}.`,
        tags: [{ slug_name: 'badges' }],
      });
    await edit(1);
    await settleAround(stack);
    expect(await heldBy(stack, editor.id)).toEqual([]);

    expect((await put('active')).status).toBe(200);
    await edit(2);
    await settleAround(stack);
    expect(await heldBy(stack, editor.id)).toEqual([editorId]);
    expect((await get(`badge?id=${editorId}`)).body.data.award_count).toBe(2);
  });

  it('answers 400 per field for a bad status or id, and 404 for an unknown badge', async () => {
    const put = (body: unknown) => stack.call('PUT', `${ADMIN_API}/badge/status`, { token: admin.token, body });
    const bad = await put({ id: idOf('editor'), status: 'deleted' });
    expect([bad.status, bad.body.data[0].error_field]).toEqual([400, 'status']);
    const empty = await put({});
    expect(empty.body.data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['id', 'status']);
    const unknown = await put({ id: '10090000000000000000099', status: 'inactive' });
    expect([unknown.status, unknown.body.msg]).toEqual([404, 'The badge does not exist.']);
  });
});

describe('the achievement notification and the red dot’s pop-up', () => {
  it('tells the member of each badge, and pops up the oldest unread one until it is read', async () => {
    const page = await ok(stack, 'GET', 'notification/page?type=achievement&page=1&page_size=20', answerer.token);
    const badges = page.list.filter(
      (n: { object_info: { object_type: string } }) => n.object_info.object_type === 'badge_award',
    );
    expect(badges).toHaveLength(4);
    const solved = badges.find(
      (n: { object_info: { object_id: string } }) => n.object_info.object_id === idOf('solved'),
    );
    expect(solved).toMatchObject({
      object_info: {
        title: 'You\'ve earned the "Solved" badge',
        object_id: idOf('solved'),
        object_map: { badge_id: idOf('solved') },
        object_type: 'badge_award',
      },
      action: 'badge_award',
      notification_action: 'earned a badge',
      rank: 0,
      is_read: false,
    });
    expect(solved.user_info).toBeUndefined();

    const popups: string[] = [];
    for (let i = 0; i < 4; i++) {
      const dot = await ok(stack, 'GET', 'notification/status', answerer.token);
      expect(dot.achievement).toBeGreaterThanOrEqual(4 - i);
      expect(Object.keys(dot.badge_award).sort()).toEqual(['badge_id', 'icon', 'level', 'name', 'notification_id']);
      popups.push(dot.badge_award.badge_id);
      await ok(stack, 'PUT', 'notification/read/state', answerer.token, { id: dot.badge_award.notification_id });
    }
    expect(popups.sort()).toEqual(['solved', 'editor', 'nice_answer', 'first_share'].map(idOf).sort());
    expect((await ok(stack, 'GET', 'notification/status', answerer.token)).badge_award).toBeNull();
  });

  it('names the pop-up’s badge in the reader’s language', async () => {
    const { body } = await stack.call('GET', `${API}/notification/status`, {
      token: asker.token,
      headers: { 'accept-language': 'zh_CN' },
    });
    expect(body.data.badge_award).toMatchObject({ level: 1 });
    expect(['学者', '自传作者', '首次回应']).toContain(body.data.badge_award.name);
  });
});

describe('a deleted member', () => {
  it('loses their awards from every list and count, and earns nothing after', async () => {
    const leaving = await member(stack, { name: 'Leaving Member' });
    await ok(stack, 'PUT', 'user/info', leaving.token, {
      display_name: 'Leaving Member',
      username: leaving.username,
      bio: 'Soon gone.',
    });
    await settleAround(stack);
    const before = (await get(`badge?id=${idOf('autobiographer')}`)).body.data.award_count;
    expect(await heldBy(stack, leaving.id)).toEqual([idOf('autobiographer')]);
    await ok(stack, `PUT`, `${ADMIN_API}/user/status`, admin.token, { user_id: leaving.id, status: 'deleted' });
    await settleAround(stack);
    expect(await heldBy(stack, leaving.id)).toEqual([]);
    expect((await get(`badge?id=${idOf('autobiographer')}`)).body.data.award_count).toBe(before - 1);
    const list = await get(`badge/awards/page?badge_id=${idOf('autobiographer')}`);
    expect(list.body.data.list.map((i: { author_user_info: { id: string } }) => i.author_user_info.id)).not.toContain(
      leaving.id,
    );
  });
});
