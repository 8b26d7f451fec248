/**
 * Flags through the gateway on real PostgreSQL (issue 20 items 2 and 7): raising one (privilege, captcha,
 * one open flag per member and object, bad input changing nothing), the moderators' queue and list, and
 * handling one with an action that posts or identity carries out from moderation's event, the flagger told.
 */
import { BADGES, PostStatus } from '@agora/contracts';
import { rebuildInlineReadModel } from '@agora/platform';
import { setCaptchas, setReputation, solveCaptcha } from '@agora/test-support/accounts';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownReadModel } from '../src/projections/moderation/read-model';
import {
  ADMIN_API,
  admin,
  call,
  flagRows,
  inboxActions,
  type Member,
  makeTag,
  member,
  moderator,
  ok,
  settleAround,
  startModerationStack,
  thread,
} from './support/stack';

let stack: Stack;
let asker: Member;
let answerer: Member;
let flagger: Member;
let mod: Member;
let boss: Member;

const SPAM = 57;
const NOT_AN_ANSWER = 61;
const NO_LONGER_NEEDED = 62;
const NOT_CLARITY = 64;

beforeAll(async () => {
  stack = await startModerationStack();
  asker = await member(stack, { name: 'Flag Asker' });
  answerer = await member(stack, { name: 'Flag Answerer' });
  flagger = await member(stack, { name: 'Flag Raiser' });
  mod = await moderator(stack, 'Flag Moderator');
  boss = await admin(stack, 'Flag Admin');
  await makeTag(stack, boss);
});

afterAll(async () => {
  await stack?.close();
});

/** The flags the pending queue shows a moderator, one per page, newest first. */
async function queue(page = 1) {
  return ok(stack, 'GET', `report/unreviewed/post?page=${page}`, mod.token);
}

describe('raising a flag', () => {
  it('records a flag on a question, shown to moderators with its reason, the post and both members', async () => {
    const { question } = await thread(stack, asker, answerer);
    expect(await ok(stack, 'POST', 'report', flagger.token, { object_id: question, report_type: SPAM })).toBeNull();
    const page = await queue();
    expect(page.count).toBeGreaterThanOrEqual(1);
    const [item] = page.list;
    expect(item).toMatchObject({
      object_id: question,
      object_type: 'question',
      question_id: question,
      title: expect.stringContaining('What should a moderator do here'),
      original_text: 'A question asked to be flagged, edited and reviewed.',
      tags: [expect.objectContaining({ slug_name: 'moderation' })],
      answer_count: 1,
      object_status: PostStatus.available,
      author_user_info: expect.objectContaining({ id: asker.id }),
      submitter_user: expect.objectContaining({ id: flagger.id }),
      reason: expect.objectContaining({ reason_key: 'reason.spam', reason_type: SPAM, name: 'spam' }),
      reason_content: '',
      status: 'pending',
    });
    expect(item.flag_id).toMatch(/^1008\d{19}$/);
  });

  it('earns the flagger "First Flag"', async () => {
    await settleAround(stack);
    const firstFlag = BADGES.find((b) => b.key === 'first_flag');
    const held = await stack.query<{ badge_id: string }>(
      'select badge_id from badges.badge_awards where user_id = $1',
      [flagger.id],
    );
    expect(held.map((r) => r.badge_id)).toContain(firstFlag?.id);
  });

  it('refuses a second open flag by the same member on the same post, changing nothing', async () => {
    const { answer } = await thread(stack, asker, answerer);
    await ok(stack, 'POST', 'report', flagger.token, { object_id: answer, report_type: NOT_AN_ANSWER });
    const before = await flagRows(stack);
    const again = await call(stack, 'POST', 'report', flagger.token, { object_id: answer, report_type: SPAM });
    expect([again.status, again.body.reason]).toEqual([400, 'error.report.duplicate']);
    expect(await flagRows(stack)).toEqual(before);
    // Another member may flag it too.
    await ok(stack, 'POST', 'report', asker.token, { object_id: answer, report_type: SPAM });
  });

  it('answers bad input with a clear 400 or 404 and records nothing', async () => {
    const { question, answer, comment } = await thread(stack, asker, answerer);
    const before = await flagRows(stack);
    const cases: [unknown, number, string][] = [
      [{ object_id: answer, report_type: 63 }, 400, 'report_type'],
      [{ object_id: question, report_type: 60, content: 'not a link' }, 400, 'content'],
      [{ object_id: question, report_type: 59 }, 400, 'content'],
      [{ object_id: question, report_type: SPAM, content: 'x'.repeat(501) }, 400, 'content'],
      [{ object_id: question, report_type: 'spam' }, 400, 'report_type'],
      [{ report_type: SPAM }, 400, 'object_id'],
    ];
    for (const [body, status, field] of cases) {
      const response = await call(stack, 'POST', 'report', flagger.token, body);
      expect([response.status, response.body.data?.[0]?.error_field], JSON.stringify(body)).toEqual([status, field]);
    }
    const missing = await call(stack, 'POST', 'report', flagger.token, {
      object_id: '10010000000000000000001',
      report_type: SPAM,
    });
    expect([missing.status, missing.body.reason]).toEqual([404, 'base.not_found']);
    const notAnObject = await call(stack, 'POST', 'report', flagger.token, { object_id: 'nothing', report_type: SPAM });
    expect(notAnObject.status).toBe(404);
    // A deleted comment cannot be flagged.
    await ok(stack, 'DELETE', 'comment', answerer.token, { comment_id: comment });
    await stack.settle();
    const deleted = await call(stack, 'POST', 'report', flagger.token, {
      object_id: comment,
      report_type: NO_LONGER_NEEDED,
    });
    expect(deleted.status).toBe(404);
    expect(await flagRows(stack)).toEqual(before);
  });

  it('needs the report.add privilege and an activated account', async () => {
    const { question } = await thread(stack, asker, answerer);
    const newcomer = await member(stack, { name: 'Flag Newcomer' });
    await setReputation(stack, newcomer.id, 0);
    const refused = await call(stack, 'POST', 'report', newcomer.token, { object_id: question, report_type: SPAM });
    expect([refused.status, refused.body.msg]).toEqual([403, 'You need at least 1 reputation to do this.']);
    const inactive = await member(stack, { name: 'Flag Inactive', activated: false });
    expect(
      (await call(stack, 'POST', 'report', inactive.token, { object_id: question, report_type: SPAM })).status,
    ).toBe(403);
    expect((await call(stack, 'POST', 'report', undefined, { object_id: question, report_type: SPAM })).status).toBe(
      401,
    );
  });

  it('asks for a captcha when the site wants one and flags come fast', async () => {
    const { question, answer } = await thread(stack, asker, answerer);
    const quick = await member(stack, { name: 'Flag Quick' });
    await setCaptchas(stack, true);
    try {
      await ok(stack, 'POST', 'report', quick.token, { object_id: question, report_type: SPAM });
      const unsolved = await call(stack, 'POST', 'report', quick.token, { object_id: answer, report_type: SPAM });
      expect([unsolved.status, unsolved.body.data?.[0]?.error_field]).toEqual([400, 'captcha_code']);
      const solved = await solveCaptcha(stack, 'report', quick.token);
      expect(solved.captcha_id).toBeTruthy();
      await ok(stack, 'POST', 'report', quick.token, { object_id: answer, report_type: SPAM, ...solved });
    } finally {
      await setCaptchas(stack, false);
    }
  });

  it('lets a member flag another member', async () => {
    const target = await member(stack, { name: 'Flag Target' });
    await ok(stack, 'POST', 'report', flagger.token, { object_id: target.id, report_type: SPAM });
    const own = await call(stack, 'POST', 'report', target.token, { object_id: target.id, report_type: SPAM });
    expect([own.status, own.body.reason]).toEqual([400, 'error.user.cannot_flag_yourself']);
  });
});

describe('the moderators’ queue', () => {
  it('is for moderators and admins only', async () => {
    expect((await call(stack, 'GET', 'report/unreviewed/post?page=1', flagger.token)).status).toBe(403);
    expect((await call(stack, 'GET', `${ADMIN_API}/reports/page?status=pending`, mod.token)).status).toBe(403);
    const list = await ok(stack, 'GET', `${ADMIN_API}/reports/page?status=pending&object_type=answer`, boss.token);
    expect(list.count).toBeGreaterThanOrEqual(1);
    expect(list.list.every((f: { object_type: string }) => f.object_type === 'answer')).toBe(true);
  });

  it('counts pending flags in reviewing/type for the staff, not for members', async () => {
    const types = await ok(stack, 'GET', 'reviewing/type', mod.token);
    const flagged = types.find((t: { name: string }) => t.name === 'flagged_post');
    const pending = await stack.query<{ n: number }>(
      "select count(*)::int as n from moderation.flags where status = 'pending'",
    );
    expect(flagged).toEqual({ name: 'flagged_post', label: 'Flagged post', todo_amount: pending[0]?.n });
    const memberTypes = await ok(stack, 'GET', 'reviewing/type', flagger.token);
    expect(memberTypes.map((t: { name: string }) => t.name)).toEqual(['suggested_post_edit']);
  });
});

describe('handling a flag', () => {
  async function flagged(objectOf: (t: Awaited<ReturnType<typeof thread>>) => string, reportType: number) {
    const t = await thread(stack, asker, answerer);
    const objectId = objectOf(t);
    await ok(stack, 'POST', 'report', flagger.token, { object_id: objectId, report_type: reportType });
    const [row] = await stack.query<{ flag_id: string }>(
      "select flag_id from moderation.flags where object_id = $1 and reporter_id = $2 and status = 'pending'",
      [objectId, flagger.id],
    );
    if (!row) throw new Error('no flag');
    return { ...t, flagId: row.flag_id };
  }

  it('deletes a flagged answer through posts, and tells the flagger', async () => {
    const { answer, flagId } = await flagged((t) => t.answer, NOT_AN_ANSWER);
    await ok(stack, 'PUT', 'report/review', mod.token, { flag_id: flagId, operation_type: 'delete_post' });
    await settleAround(stack);
    const [row] = await stack.query<{ status: number }>('select status from posts.answers where id = $1', [answer]);
    expect(row?.status).toBe(PostStatus.deleted);
    const [flag] = await stack.query<{ status: string; operation: string; handler_id: string }>(
      'select status, operation, handler_id from moderation.flags where flag_id = $1',
      [flagId],
    );
    expect(flag).toEqual({ status: 'completed', operation: 'delete_post', handler_id: mod.id });
    expect(await inboxActions(stack, flagger)).toContain('your_flag_was_upheld');
    const handled = await ok(stack, 'GET', `${ADMIN_API}/reports/page?status=completed`, boss.token);
    expect(handled.list.find((f: { flag_id: string }) => f.flag_id === flagId)).toMatchObject({
      status: 'completed',
      operation_type: 'delete_post',
    });
    // Undeleted by a moderator, then posts replays moderation's log: the decision is not carried out twice.
    await ok(stack, 'POST', 'answer/recover', mod.token, { answer_id: answer });
    await stack.service('posts').projections.rebuild('flag-decisions');
    await settleAround(stack);
    const [recovered] = await stack.query<{ status: number }>('select status from posts.answers where id = $1', [
      answer,
    ]);
    expect(recovered?.status).toBe(PostStatus.available);
  });

  it('closes a flagged question with a close reason, and hides (unlists) another', async () => {
    const closing = await flagged((t) => t.question, SPAM);
    await ok(stack, 'PUT', 'report/review', mod.token, {
      flag_id: closing.flagId,
      operation_type: 'close_post',
      close_type: NOT_CLARITY,
      close_msg: 'Ask one thing at a time.',
    });
    const hiding = await flagged((t) => t.question, SPAM);
    await ok(stack, 'PUT', 'report/review', mod.token, { flag_id: hiding.flagId, operation_type: 'unlist_post' });
    await settleAround(stack);
    const rows = await stack.query<{ id: string; status: number; show: number }>(
      'select id, status, show from posts.questions where id = any($1) order by id',
      [[closing.question, hiding.question]],
    );
    expect(rows.find((r) => r.id === closing.question)?.status).toBe(PostStatus.closed);
    expect(rows.find((r) => r.id === hiding.question)?.show).toBe(2);
  });

  it("edits a flagged comment with the moderator's text", async () => {
    const { comment, flagId } = await flagged((t) => t.comment, NO_LONGER_NEEDED);
    await ok(stack, 'PUT', 'report/review', mod.token, {
      flag_id: flagId,
      operation_type: 'edit_post',
      content: 'A comment a moderator tidied.',
    });
    await settleAround(stack);
    const [row] = await stack.query<{ original_text: string }>(
      'select original_text from posts.comments where id = $1',
      [comment],
    );
    expect(row?.original_text).toBe('A comment a moderator tidied.');
  });

  it('ignores a flag: the post stays, the flagger hears it was declined', async () => {
    const { question, flagId } = await flagged((t) => t.question, SPAM);
    await ok(stack, 'PUT', 'report/review', mod.token, { flag_id: flagId, operation_type: 'ignore_report' });
    await settleAround(stack);
    const [row] = await stack.query<{ status: number }>('select status from posts.questions where id = $1', [question]);
    expect(row?.status).toBe(PostStatus.available);
    expect(await inboxActions(stack, flagger)).toContain('your_flag_was_declined');
  });

  it('refuses a flag handled already, an unknown flag, a wrong operation or a member, changing nothing', async () => {
    const { flagId } = await flagged((t) => t.answer, SPAM);
    await ok(stack, 'PUT', 'report/review', mod.token, { flag_id: flagId, operation_type: 'ignore_report' });
    const before = await flagRows(stack);
    const again = await call(stack, 'PUT', 'report/review', mod.token, {
      flag_id: flagId,
      operation_type: 'delete_post',
    });
    expect([again.status, again.body.reason]).toEqual([400, 'error.report.handled']);
    const unknown = await call(stack, 'PUT', 'report/review', mod.token, {
      flag_id: '10080000000000000000001',
      operation_type: 'ignore_report',
    });
    expect(unknown.status).toBe(404);
    const other = await flagged((t) => t.answer, SPAM);
    const wrong = await call(stack, 'PUT', 'report/review', mod.token, {
      flag_id: other.flagId,
      operation_type: 'close_post',
      close_type: NOT_CLARITY,
    });
    expect([wrong.status, wrong.body.data?.[0]?.error_field]).toEqual([400, 'operation_type']);
    const byMember = await call(stack, 'PUT', 'report/review', flagger.token, {
      flag_id: other.flagId,
      operation_type: 'ignore_report',
    });
    expect(byMember.status).toBe(403);
    expect((await flagRows(stack)).filter((f) => f.flag_id !== other.flagId)).toEqual(before);
    expect((await flagRows(stack)).find((f) => f.flag_id === other.flagId)?.status).toBe('pending');
  });

  it("suspends a flagged member through identity at an admin's hand", async () => {
    const troll = await member(stack, { name: 'Flag Troll' });
    await ok(stack, 'POST', 'report', flagger.token, { object_id: troll.id, report_type: SPAM });
    const [row] = await stack.query<{ flag_id: string }>(
      "select flag_id from moderation.flags where object_id = $1 and status = 'pending'",
      [troll.id],
    );
    const flagId = row?.flag_id;
    const byModerator = await call(stack, 'PUT', 'report/review', mod.token, {
      flag_id: flagId,
      operation_type: 'suspend_user',
    });
    expect(byModerator.status).toBe(403);
    await ok(stack, 'PUT', 'report/review', boss.token, {
      flag_id: flagId,
      operation_type: 'suspend_user',
      suspend_duration: '7d',
    });
    await settleAround(stack);
    const [user] = await stack.query<{ status: string }>('select status from identity.users where user_id = $1', [
      troll.id,
    ]);
    expect(user?.status).toBe('suspended');
    // Suspending ends the member's sessions: their token no longer passes a member's route.
    expect([401, 403]).toContain((await call(stack, 'GET', 'reviewing/type', troll.token)).status);
    // Reinstated by an admin, then identity replays moderation's log: the decision is not carried out twice.
    await ok(stack, 'PUT', `${ADMIN_API}/user/status`, boss.token, { user_id: troll.id, status: 'normal' });
    await stack.service('identity').projections.rebuild('flag-decisions');
    await settleAround(stack);
    const [after] = await stack.query<{ status: string }>('select status from identity.users where user_id = $1', [
      troll.id,
    ]);
    expect(after?.status).toBe('normal');
  });
});

describe("a replay of moderation's log", () => {
  it('gives the same flags, statuses and queues', async () => {
    const snapshot = async () => ({
      flags: await stack.query('select * from moderation.flags order by flag_id'),
      pending: await ok(stack, 'GET', `${ADMIN_API}/reports/page?status=pending&page_size=100`, boss.token),
      handled: await ok(stack, 'GET', `${ADMIN_API}/reports/page?status=completed&page_size=100`, boss.token),
    });
    const before = await snapshot();
    expect(before.flags.length).toBeGreaterThan(10);
    const moderation = stack.service('moderation');
    await rebuildInlineReadModel(moderation.context.database, ownReadModel);
    await moderation.projections.rebuild('objects-from-posts');
    await stack.settle();
    expect(await snapshot()).toEqual(before);
  });
});
