import { DUPLICATE_CLOSE_TYPE, defaultSiteSettings, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { toShortId } from '@agora/platform';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

/**
 * `GET question/link` through the gateway (reference API group "Question"): the questions linking to a question or
 * linked from it, found in the text of questions and answers when they are written and edited, as a page
 * of the question list's rows (QuestionPageResp), which the reference client reads.
 */
const API = '/answer/api/v1';
const SITE = 'http://agora.test';
let stack: Stack;
let asker: string;
let answerer: string;
let moderator: string;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  const users = [await createUser(stack), await createUser(stack), await createUser(stack, { roleId: Role.moderator })];
  await stack.settle();
  [asker, answerer, moderator] = [
    await login(stack, users[0]!),
    await login(stack, users[1]!),
    await login(stack, users[2]!),
  ];
  // A moderator brings the tag into use, so that members may use it.
  await ask(moderator, 'Seeding the tag for linked questions');
});
afterAll(async () => {
  await stack?.close();
});

async function call(method: string, url: string, token?: string, body?: unknown) {
  const response = await stack.call(method, `${API}/${url}`, { token, body });
  if (response.status !== 200) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

async function ask(token: string, title: string, content = 'A question that links to nothing yet.'): Promise<string> {
  return (await call('POST', 'question', token, { title, content, tags: [{ slug_name: 'linking' }] })).id;
}

const edit = (token: string, id: string, title: string, content: string) =>
  call('PUT', 'question', token, { id, title, content, tags: [{ slug_name: 'linking' }], edit_summary: 'links' });

const linkedIds = async (questionId: string, query = '') =>
  (await call('GET', `question/link?question_id=${questionId}${query}`)).list.map((q: { id: string }) => q.id);

describe('question/link', () => {
  it('lists questions linking to a question and linked from it, in the question list’s rows', async () => {
    const target = await ask(asker, 'The question everybody links to');
    const other = await ask(asker, 'Another question to be linked');
    const linking = await ask(
      asker,
      'A question with links in its body',
      `Like [this one](/questions/${target}) and ${SITE}/questions/${other}/another-question-to-be-linked.`,
    );
    const answered = await ask(answerer, 'A question whose answer links');
    await call('POST', 'answer', answerer, {
      question_id: answered,
      content: `The answer is over there: <${SITE}/questions/${toShortId(target)}>`,
    });

    const page = await stack.call('GET', `${API}/question/link?question_id=${target}`);
    expect([page.status, page.body.code, page.body.reason]).toEqual([200, 200, 'base.success']);
    expect(page.body.data.count).toBe(2);
    expect(page.body.data.list.map((q: { id: string }) => q.id)).toEqual([answered, linking]);
    // The same rows as the question list's.
    const listed = await call('GET', 'question/page?order=newest&page_size=100');
    const row = (id: string) => listed.list.find((q: { id: string }) => q.id === id);
    expect(page.body.data.list).toEqual([row(answered), row(linking)]);
    expect(Object.keys(page.body.data.list[0]).sort()).toEqual(
      [
        'accepted_answer_id',
        'answer_count',
        'collection_count',
        'created_at',
        'description',
        'follow_count',
        'id',
        'last_answer_id',
        'operated_at',
        'operation_type',
        'operator',
        'pin',
        'show',
        'status',
        'tags',
        'title',
        'unique_view_count',
        'url_title',
        'view_count',
        'vote_count',
      ].sort(),
    );

    // Both ways: the linking question lists what it links to.
    expect(await linkedIds(linking)).toEqual([other, target]);
    expect(await linkedIds(other)).toEqual([linking]);
    // Orders and pages as the question list's; a page past the last is a 404.
    expect(await linkedIds(target, '&order=active')).toEqual([answered, linking]);
    expect(await linkedIds(target, '&page=2&page_size=1')).toEqual([linking]);
    const past = await stack.call('GET', `${API}/question/link?question_id=${target}&page=3&page_size=1`);
    expect(past.status).toBe(404);
    // The question may be named by its short id too.
    expect(await linkedIds(toShortId(target))).toEqual([answered, linking]);
  });

  it('follows edits and deletions: a link removed from the text is gone', async () => {
    const target = await ask(asker, 'A target whose links come and go');
    const second = await ask(asker, 'A second target whose links come and go');
    const source = await ask(
      asker,
      'A source that edits its links',
      `See /questions/${target} and /questions/${second}`,
    );
    expect(await linkedIds(target)).toEqual([source]);

    await edit(asker, source, 'A source that edits its links', `Only /questions/${second} now.`);
    expect(await linkedIds(target)).toEqual([]);
    expect(await linkedIds(source)).toEqual([second]);

    const holder = await ask(answerer, 'A question with a linking answer');
    const answer = (
      await call('POST', 'answer', asker, { question_id: holder, content: `Answered in /questions/${target}/slug` })
    ).info.id;
    expect(await linkedIds(target)).toEqual([holder]);
    await call('PUT', 'answer', asker, {
      id: answer,
      question_id: holder,
      content: `Answered in /questions/${second} instead.`,
      edit_summary: 'other link',
    });
    expect(await linkedIds(target)).toEqual([]);
    expect(await linkedIds(second)).toEqual([holder, source]);

    await call('DELETE', 'answer', asker, { id: answer });
    expect(await linkedIds(second)).toEqual([source]);
    await call('POST', 'answer/recover', moderator, { answer_id: answer });
    expect(await linkedIds(second)).toEqual([holder, source]);

    // Deleted and hidden questions leave the lists, and have no linked questions themselves.
    await call('DELETE', 'question', asker, { id: source });
    expect(await linkedIds(second)).toEqual([holder]);
    await call('PUT', 'question/operation', moderator, { id: holder, operation: 'hide' });
    expect(await linkedIds(second)).toEqual([]);
    expect(await call('GET', `question/link?question_id=${holder}`)).toEqual({ count: 0, list: [] });
    await call('PUT', 'question/operation', moderator, { id: holder, operation: 'show' });
    expect(await linkedIds(second)).toEqual([holder]);
  });

  it('counts only links to this site, not to itself, and a duplicate close while it lasts', async () => {
    const target = await ask(asker, 'A target of foreign and duplicate links');
    const source = await ask(
      asker,
      'A source with links elsewhere',
      `https://elsewhere.example/questions/${target} and questions/${target} and /questions/${toShortId(target)}x`,
    );
    const selfLinking = await ask(asker, 'A question that links to itself');
    await edit(asker, selfLinking, 'A question that links to itself', `Me: /questions/${selfLinking}`);
    expect(await linkedIds(target)).toEqual([]);
    expect(await linkedIds(source)).toEqual([]);
    expect(await linkedIds(selfLinking)).toEqual([]);

    const duplicate = await ask(answerer, 'A duplicate of the target');
    await call('PUT', 'question/status', moderator, {
      id: duplicate,
      close_type: DUPLICATE_CLOSE_TYPE,
      close_msg: `${SITE}/questions/${target}`,
    });
    expect(await linkedIds(target)).toEqual([duplicate]);
    await call('PUT', 'question/reopen', moderator, { question_id: duplicate });
    expect(await linkedIds(target)).toEqual([]);
  });

  it('answers 404 for an unknown question and 400 per field for bad input', async () => {
    const unknown = await stack.call('GET', `${API}/question/link?question_id=10019999999999999999999`);
    expect([unknown.status, unknown.body.msg]).toEqual([404, 'The question does not exist.']);
    const target = await ask(asker, 'A target for bad requests');
    const cases: [string, string, string][] = [
      ['', 'question_id', 'Question id cannot be empty.'],
      [`question_id=${target}&page=0`, 'page', 'Page must be at least 1.'],
      [`question_id=${target}&page_size=101`, 'page_size', 'Page size must be at most 100.'],
      [`question_id=${target}&page_size=abc`, 'page_size', 'Page size is invalid.'],
      [`question_id=${target}&order=popular`, 'order', 'Order is invalid.'],
      [`question_id=${target}&in_days=0`, 'in_days', 'In days must be at least 1.'],
    ];
    for (const [query, field, message] of cases) {
      const response = await stack.call('GET', `${API}/question/link?${query}`);
      expect([response.status, response.body.reason, response.body.data], query).toEqual([
        400,
        'base.request_format_error',
        [{ error_field: field, error_msg: message }],
      ]);
    }
  });

  it('is for members only on a private site', async () => {
    const target = await ask(asker, 'A target on a private site');
    const security = defaultSiteSettings(SITE).security;
    const setLoginRequired = async (login_required: boolean) => {
      await updateSettingsGroup(
        stack.service('site').context,
        { group: 'security', values: { ...security, login_required } },
        null,
      );
      await stack.settle();
    };
    const status = async (token?: string) =>
      (await stack.call('GET', `${API}/question/link?question_id=${target}`, { token })).status;
    await setLoginRequired(true);
    try {
      // The gateway reads the setting at most once a second.
      await expect.poll(() => status(), { timeout: 5000 }).toBe(401);
      expect(await status(asker)).toBe(200);
    } finally {
      await setLoginRequired(false);
    }
    await expect.poll(() => status(), { timeout: 5000 }).toBe(200);
  });
});
