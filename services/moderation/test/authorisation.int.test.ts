/**
 * Who may call each moderation route (issue 20, proof): anonymous, a member who has not activated, a suspended
 * member, a member without reputation, a member with enough reputation to review, a moderator and an admin,
 * each through the gateway with input that is valid, so that only who calls decides the answer.
 */
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  admin,
  call,
  type Member,
  makeTag,
  member,
  moderator,
  ok,
  startModerationStack,
  thread,
} from './support/stack';

type Caller = 'anonymous' | 'inactive' | 'suspended' | 'newcomer' | 'reviewer' | 'moderator' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'inactive', 'suspended', 'newcomer', 'reviewer', 'moderator', 'admin'];
type Outcome = 200 | 401 | 403;

let stack: Stack;
const tokens: Partial<Record<Caller, string>> = {};
let questionId = '';
let answerId = '';
let editor: Member;
let linker: Member;
let held = 0;

beforeAll(async () => {
  stack = await startModerationStack();
  const boss = await admin(stack, 'Matrix Admin');
  const mod = await moderator(stack, 'Matrix Moderator');
  await makeTag(stack, boss);
  const asker = await member(stack, { name: 'Matrix Asker' });
  const answerer = await member(stack, { name: 'Matrix Answerer' });
  editor = await member(stack, { name: 'Matrix Editor', rank: 200 });
  const t = await thread(stack, asker, answerer);
  questionId = t.question;
  answerId = t.answer;
  const suspended = await member(stack, { name: 'Matrix Suspended' });
  tokens.inactive = (await member(stack, { name: 'Matrix Inactive', activated: false })).token;
  tokens.newcomer = (await member(stack, { name: 'Matrix Newcomer', rank: 0 })).token;
  tokens.reviewer = (await member(stack, { name: 'Matrix Reviewer', rank: 1000 })).token;
  tokens.moderator = mod.token;
  tokens.admin = boss.token;
  tokens.suspended = suspended.token;
  await ok(stack, 'PUT', `${ADMIN_API}/user/status`, boss.token, {
    user_id: suspended.id,
    status: 'suspended',
    suspend_duration: '7d',
  });
  // Posts with links from members under 1,000 reputation are held: none of the threads above has one.
  await ok(stack, 'PUT', `${ADMIN_API}/siteinfo/question`, boss.token, {
    min_tags: 1,
    min_content: 6,
    restrict_answer: true,
    hold_links_below_reputation: 1000,
  });
  linker = await member(stack, { name: 'Matrix Linker' });
  await stack.settle();
});

afterAll(async () => {
  await stack?.close();
});

/** The suggested edit waiting for review: the last one if no caller decided it, else a new one. */
async function waitingRevision(): Promise<string> {
  const open = () =>
    stack.query<{ revision_id: string }>(
      `select i.revision_id from moderation.review_items i
       where i.object_id = $1 and not i.settled
         and not exists (select 1 from moderation.review_decisions d where d.revision_id = i.revision_id)`,
      [answerId],
    );
  const [waiting] = await open();
  if (waiting) return waiting.revision_id;
  // The owner applies a decision on its own time: wait until the last one is settled before suggesting again.
  await stack.settle();
  await ok(stack, 'PUT', 'answer', editor.token, { id: answerId, content: `A suggested wording, take ${Date.now()}.` });
  await stack.settle();
  const [row] = await open();
  if (!row) throw new Error('no suggested edit');
  return row.revision_id;
}

/** A flag waiting for a moderator, new for each call that handles one. */
async function pendingFlag(): Promise<string> {
  const flagger = await member(stack, { name: `Matrix Flagger ${Date.now()}` });
  await ok(stack, 'POST', 'report', flagger.token, { object_id: questionId, report_type: 57 });
  const [row] = await stack.query<{ flag_id: string }>(
    "select flag_id from moderation.flags where reporter_id = $1 and status = 'pending'",
    [flagger.id],
  );
  if (!row) throw new Error('no flag');
  return row.flag_id;
}

/** A question held for review (a link from a low-reputation member), new for each call that decides one. */
async function heldPost(): Promise<number> {
  held += 1;
  const question = await ok(stack, 'POST', 'question', linker.token, {
    title: `A held question with a link, take ${held}?`,
    content: 'See [the reference](https://example.org/reference) first.',
    tags: [{ slug_name: 'moderation' }],
  });
  await stack.settle();
  const [row] = await stack.query<{ review_id: string }>(
    'select review_id from moderation.held_posts where object_id = $1',
    [question.id],
  );
  if (!row) throw new Error('the question was not held');
  return Number(row.review_id);
}

const MEMBERS: Record<Caller, Outcome> = {
  anonymous: 401,
  inactive: 403,
  // Suspending ends every session: the member's token is no identity at all.
  suspended: 401,
  newcomer: 200,
  reviewer: 200,
  moderator: 200,
  admin: 200,
};
const STAFF: Record<Caller, Outcome> = { ...MEMBERS, newcomer: 403, reviewer: 403 };
const ADMINS: Record<Caller, Outcome> = { ...STAFF, moderator: 403 };

interface Row {
  route: string;
  expected: Record<Caller, Outcome>;
  request: () => Promise<{ method: string; url: string; body?: unknown }>;
}

const ROWS: Row[] = [
  {
    route: 'GET reasons',
    expected: MEMBERS,
    request: async () => ({ method: 'GET', url: 'reasons?object_type=question&action=flag' }),
  },
  {
    route: 'GET admin reasons',
    expected: ADMINS,
    request: async () => ({ method: 'GET', url: `${ADMIN_API}/reasons?object_type=question&action=status` }),
  },
  {
    route: 'POST report (report.add: 1 reputation)',
    expected: { ...MEMBERS, newcomer: 403 },
    request: async () => ({
      method: 'POST',
      url: 'report',
      body: { object_id: (await thread(stack, editor, editor)).answer, report_type: 57 },
    }),
  },
  {
    route: 'GET report/unreviewed/post',
    expected: STAFF,
    request: async () => ({ method: 'GET', url: 'report/unreviewed/post?page=1' }),
  },
  {
    route: 'PUT report/review',
    expected: STAFF,
    request: async () => ({
      method: 'PUT',
      url: 'report/review',
      body: { flag_id: await pendingFlag(), operation_type: 'ignore_report' },
    }),
  },
  {
    route: 'GET admin reports/page',
    expected: ADMINS,
    request: async () => ({ method: 'GET', url: `${ADMIN_API}/reports/page?status=completed` }),
  },
  {
    route: 'GET revisions/unreviewed',
    expected: MEMBERS,
    request: async () => ({ method: 'GET', url: 'revisions/unreviewed?page=1' }),
  },
  {
    route: 'PUT revisions/audit (answer.audit: 1,000 reputation)',
    expected: { ...MEMBERS, newcomer: 403 },
    request: async () => ({
      method: 'PUT',
      url: 'revisions/audit',
      body: { id: await waitingRevision(), operation: 'reject' },
    }),
  },
  {
    route: 'GET review/pending/post/page',
    expected: STAFF,
    request: async () => ({ method: 'GET', url: 'review/pending/post/page?page=1' }),
  },
  {
    route: 'PUT review/pending/post',
    expected: STAFF,
    request: async () => ({
      method: 'PUT',
      url: 'review/pending/post',
      body: { review_id: await heldPost(), status: 'approve' },
    }),
  },
  { route: 'GET reviewing/type', expected: MEMBERS, request: async () => ({ method: 'GET', url: 'reviewing/type' }) },
];

describe('who may call each moderation route', () => {
  for (const row of ROWS) {
    it(row.route, async () => {
      const seen: Record<string, number> = {};
      for (const caller of CALLERS) {
        const { method, url, body } = await row.request();
        seen[caller] = (await call(stack, method, url, tokens[caller], body)).status;
      }
      expect(seen).toEqual(row.expected);
    });
  }
});
