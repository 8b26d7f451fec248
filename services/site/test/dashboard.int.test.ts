import { DASHBOARD_ACTIVITY_DAYS, type DashboardResp, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts/service';
import { createUser, login, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanBytes, rate } from '../src/queries/dashboard';
import { siteService } from '../src/service';

/**
 * The admin dashboard, counted by the site service from posts', votes' and identity's events: a small
 * community's week, then what its figures must say.
 */

const API = '/answer/api/v1';
const ADMIN = '/answer/admin/api';
let stack: Stack;
let adminToken: string;
const members: Record<'alice' | 'bob' | 'carol', TestUser & { token: string }> = {} as never;

async function ok(method: string, path: string, token: string, body?: unknown) {
  const reply = await stack.call(method, path.startsWith('/') ? path : `${API}/${path}`, { token, body });
  if (reply.status !== 200) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

async function dashboard(): Promise<DashboardResp> {
  await stack.settle();
  return ok('GET', `${ADMIN}/dashboard`, adminToken);
}

const ask = (token: string, n: number) =>
  ok('POST', 'question', token, {
    title: `How is a dashboard counted, case ${n}?`,
    content: 'A question for the dashboard to count.',
    tags: [{ slug_name: 'dashboard' }],
  });
const answer = async (token: string, questionId: string) =>
  (await ok('POST', 'answer', token, { question_id: questionId, content: 'An answer the dashboard counts.' })).info
    .id as string;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService, votesService] });
  adminToken = await login(stack, await createUser(stack, { roleId: Role.admin, name: 'Site Admin' }));
  // Level 1: any member may vote up.
  await ok('PUT', `${ADMIN}/setting/privileges`, adminToken, { level: 1 });
  for (const name of ['alice', 'bob', 'carol'] as const) {
    const user = await createUser(stack, { name: `Member ${name}` });
    members[name] = { ...user, token: await login(stack, user) };
  }
  await stack.settle();
});

afterAll(async () => {
  await stack?.close();
});

describe('admin dashboard', () => {
  it('starts from what identity knows: the members, and no posts', async () => {
    const { info, activity } = await dashboard();
    expect(info).toMatchObject({
      question_count: 0,
      answer_count: 0,
      user_count: 4,
      resolved_rate: '0.00',
      unanswered_rate: '0.00',
    });
    expect(activity).toHaveLength(DASHBOARD_ACTIVITY_DAYS);
    expect(activity.at(-1)?.members).toBe(4);
  });

  it("counts a week's questions, answers, comments and votes as they stand, and the week's top members", async () => {
    const { alice, bob, carol } = members;
    const q1 = (await ask(alice.token, 1)).id as string;
    const q2 = (await ask(alice.token, 2)).id as string;
    const q3 = (await ask(alice.token, 3)).id as string;
    const bobOnQ1 = await answer(bob.token, q1);
    await answer(carol.token, q1);
    const bobOnQ2 = await answer(bob.token, q2);
    await ok('POST', 'answer/acceptance', alice.token, { question_id: q1, answer_id: bobOnQ1 });
    await ok('POST', 'comment', carol.token, { object_id: q1, original_text: 'A comment worth counting.' });
    await ok('POST', 'vote/up', bob.token, { object_id: q1 });
    await ok('POST', 'vote/up', carol.token, { object_id: q1 });
    await ok('POST', 'vote/up', carol.token, { object_id: bobOnQ1 });
    // Taken back: a deleted question, a deleted answer (so q2 is unanswered again) and a cancelled vote.
    await ok('DELETE', 'question', alice.token, { id: q3 });
    await ok('DELETE', 'answer', bob.token, { id: bobOnQ2 });
    await ok('POST', 'vote/up', alice.token, { object_id: bobOnQ1 });
    await ok('POST', 'vote/up', alice.token, { object_id: bobOnQ1, is_cancel: true });

    const { info, top_users, activity } = await dashboard();
    expect(info).toMatchObject({
      question_count: 2,
      resolved_count: 1,
      resolved_rate: '50.00',
      unanswered_count: 1,
      unanswered_rate: '50.00',
      answer_count: 2,
      comment_count: 1,
      vote_count: 3,
      user_count: 4,
      report_count: 0,
    });
    const today = activity.at(-1);
    expect(today).toMatchObject({ questions: 3, answers: 3, members: 4 });
    expect(activity.slice(0, -1).every((day) => day.questions === 0 && day.answers === 0)).toBe(true);

    expect(top_users.by_votes.map((u) => [u.display_name, u.value])).toEqual([
      ['Member carol', 2],
      ['Member bob', 1],
    ]);
    const gained = Object.fromEntries(top_users.by_reputation.map((u) => [u.display_name, u.value]));
    // Each: the account's starting point this week (+1). Bob: an accepted answer (+15) and an up-voted answer
    // (+10); Alice: her question up-voted twice (+10 each) and accepting an answer (+2).
    expect(gained['Member bob']).toBe(26);
    expect(gained['Member alice']).toBe(23);
    expect(top_users.by_reputation[0]?.display_name).toBe('Member bob');
  });

  it('reports the health of the site: version, HTTPS, mail, time zone, storage, uptime, database', async () => {
    const { info } = await dashboard();
    expect(info).toMatchObject({
      https: false,
      smtp: 'not_configured',
      time_zone: 'UTC',
      login_required: false,
      uploading_files: true,
      version_info: { remote_version: '' },
    });
    expect(info.version_info.version).not.toBe('');
    expect(info.database_version).toMatch(/^PostgreSQL \d+/);
    expect(info.database_size).toMatch(/\d+ (bytes|kB|MB|GB)/);
    expect(Number(info.app_start_time)).toBeGreaterThanOrEqual(0);
    expect(info.occupying_storage_space).toBe('0 B');
    expect(info.go_version).toMatch(/^Node\.js v\d+/);
  });

  it('is the same after its projections are rebuilt from the logs', async () => {
    const before = await dashboard();
    const site = stack.service('site');
    for (const name of ['dashboard-from-posts', 'dashboard-from-votes', 'dashboard-from-identity']) {
      await site.projections.rebuild(name);
    }
    const after = await dashboard();
    expect(after.top_users).toEqual(before.top_users);
    expect(after.activity).toEqual(before.activity);
    const counts = ({ info }: DashboardResp) => ({ ...info, app_start_time: '', database_size: '' });
    expect(counts(after)).toEqual(counts(before));
  });

  it('is for admins only', async () => {
    expect((await stack.call('GET', `${ADMIN}/dashboard`)).status).toBe(401);
    expect((await stack.call('GET', `${ADMIN}/dashboard`, { token: members.alice.token })).status).toBe(403);
    const moderator = await login(stack, await createUser(stack, { roleId: Role.moderator }));
    expect((await stack.call('GET', `${ADMIN}/dashboard`, { token: moderator })).status).toBe(403);
  });
});

describe('dashboard figures', () => {
  it('shows rates with two decimals and sizes in binary units', () => {
    expect(rate(1, 3)).toBe('33.33');
    expect(rate(0, 0)).toBe('0.00');
    expect(humanBytes(512)).toBe('512 B');
    expect(humanBytes(1536)).toBe('1.5 KB');
    expect(humanBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
