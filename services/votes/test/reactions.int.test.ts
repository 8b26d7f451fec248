import { defaultSiteSettings, Role } from '@agora/contracts';
import { toShortId } from '@agora/platform';
import { updateSettingsGroup } from '@agora/site';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, member, ok, startVotesStack, thread } from './support/stack';

/**
 * `GET` and `PUT meta/reaction` through the gateway (reference API group "Vote / follow / collection / reaction"): the
 * request forms the reference client sends (query; JSON body) and the handler's shape it reads,
 * `{ reaction_summary: [{ emoji, count, is_active, tooltip }] }`.
 */
let stack: Stack;
type Member = Awaited<ReturnType<typeof member>>;
let asker: Member;
let answerer: Member;
let ann: Member;
let bo: Member;

beforeAll(async () => {
  stack = await startVotesStack();
  const moderator = await member(stack, { roleId: Role.moderator, name: 'Reaction Moderator' });
  [asker, answerer, ann, bo] = [
    await member(stack, { name: 'Reaction Asker' }),
    await member(stack, { name: 'Reaction Answerer' }),
    await member(stack, { name: 'Ann' }),
    await member(stack, { name: 'Bo' }),
  ];
  // A moderator brings the tag into use, so that members may use it.
  await thread(stack, moderator);
});
afterAll(async () => {
  await stack?.close();
});

const put = (who: { token: string } | undefined, body: unknown, headers?: Record<string, string>) =>
  stack.call('PUT', `${API}/meta/reaction`, { token: who?.token, body, headers });
const get = (objectId: string, who?: { token: string }, headers?: Record<string, string>) =>
  stack.call('GET', `${API}/meta/reaction?object_id=${encodeURIComponent(objectId)}`, { token: who?.token, headers });
const react = async (who: Member, object_id: string, emoji: string, reaction = 'activate') =>
  (await ok(stack, 'PUT', 'meta/reaction', who.token, { object_id, emoji, reaction })).reaction_summary;
const summary = async (objectId: string, who?: Member) => (await get(objectId, who)).body.data.reaction_summary;

describe('meta/reaction', () => {
  it('answers the handler’s shape: one entry per emoji someone reacts with, and whether the caller does', async () => {
    const { answer } = await thread(stack, asker, answerer);
    const empty = await get(answer);
    expect([empty.status, empty.body]).toEqual([
      200,
      { code: 200, reason: 'base.success', msg: 'Success.', data: { reaction_summary: [] } },
    ]);

    const first = await put(ann, { object_id: answer, emoji: 'heart', reaction: 'activate' });
    expect([first.status, first.body]).toEqual([
      200,
      {
        code: 200,
        reason: 'base.success',
        msg: 'Success.',
        data: { reaction_summary: [{ emoji: 'heart', count: 1, is_active: true, tooltip: 'Ann' }] },
      },
    ]);
    // Listed in the order heart, smile, frown, whatever the order they came in.
    await react(bo, answer, 'frown');
    expect(await react(bo, answer, 'heart')).toEqual([
      { emoji: 'heart', count: 2, is_active: true, tooltip: 'Ann, Bo' },
      { emoji: 'frown', count: 1, is_active: true, tooltip: 'Bo' },
    ]);
    expect(await summary(answer, ann)).toEqual([
      { emoji: 'heart', count: 2, is_active: true, tooltip: 'Ann, Bo' },
      { emoji: 'frown', count: 1, is_active: false, tooltip: 'Bo' },
    ]);
    expect(await summary(answer)).toEqual([
      { emoji: 'heart', count: 2, is_active: false, tooltip: 'Ann, Bo' },
      { emoji: 'frown', count: 1, is_active: false, tooltip: 'Bo' },
    ]);
  });

  it('keeps one reaction per member per emoji, and takes it back on deactivate', async () => {
    const { question } = await thread(stack, asker);
    await react(ann, question, 'smile');
    expect(await react(ann, question, 'smile')).toEqual([
      { emoji: 'smile', count: 1, is_active: true, tooltip: 'Ann' },
    ]);
    expect(await react(ann, question, 'smile', 'deactivate')).toEqual([]);
    expect(await react(ann, question, 'smile', 'deactivate')).toEqual([]);
    expect(await react(ann, question, 'smile')).toHaveLength(1);
    const [rows] = await stack.query(
      `select count(*)::int as n, count(distinct stream_id)::int as streams from votes.events
       where data->>'object_id' = $1 and type like 'votes.reaction_%'`,
      [question],
    );
    // activate, deactivate, activate: the repeats recorded nothing, on the member's own stream.
    expect(rows).toEqual({ n: 3, streams: 1 });
    const [event] = await stack.query(
      `select stream_id, type, data from votes.events where data->>'object_id' = $1 order by global_position limit 1`,
      [question],
    );
    expect(event).toEqual({
      stream_id: `reaction-${question}-${ann.id}`,
      type: 'votes.reaction_activated',
      data: {
        object_id: question,
        object_type: 'question',
        question_id: question,
        user_id: ann.id,
        owner_id: asker.id,
        emoji: 'smile',
      },
    });
  });

  it('takes reactions on questions, answers and comments, one’s own posts included, by long or short id', async () => {
    const { question, answer, comment } = await thread(stack, asker, answerer);
    expect(await react(asker, question, 'heart')).toEqual([
      { emoji: 'heart', count: 1, is_active: true, tooltip: 'Reaction Asker' },
    ]);
    expect(await react(ann, comment, 'frown')).toEqual([{ emoji: 'frown', count: 1, is_active: true, tooltip: 'Ann' }]);
    expect(await react(bo, toShortId(answer), 'smile')).toEqual([
      { emoji: 'smile', count: 1, is_active: true, tooltip: 'Bo' },
    ]);
    expect(await summary(toShortId(answer))).toEqual([{ emoji: 'smile', count: 1, is_active: false, tooltip: 'Bo' }]);
  });

  it('names five members in the tooltip, then how many more, in the caller’s language', async () => {
    const { answer } = await thread(stack, asker, answerer);
    const crowd: Member[] = [];
    for (let i = 1; i <= 7; i++) crowd.push(await member(stack, { name: `Fan ${i}` }));
    for (const fan of crowd) await react(fan, answer, 'heart');
    const names = 'Fan 1, Fan 2, Fan 3, Fan 4, Fan 5';
    expect(await summary(answer, crowd[6])).toEqual([
      { emoji: 'heart', count: 7, is_active: true, tooltip: `${names} and 2 more` },
    ]);
    const zh = await get(answer, undefined, { 'accept-language': 'zh-CN' });
    expect(zh.body.data.reaction_summary[0].tooltip).toBe('Fan 1、Fan 2、Fan 3、Fan 4、Fan 5等另外 2 人');
    const zhPut = await put(
      crowd[0],
      { object_id: answer, emoji: 'heart', reaction: 'deactivate' },
      {
        'accept-language': 'zh-CN',
      },
    );
    expect(zhPut.body.data.reaction_summary[0]).toEqual({
      emoji: 'heart',
      count: 6,
      is_active: false,
      tooltip: 'Fan 2、Fan 3、Fan 4、Fan 5、Fan 6等另外 1 人',
    });
  });

  it('keeps summaries in memory only until a change of the post or of a reacting member is announced', async () => {
    const { answer } = await thread(stack, asker, answerer);
    const renamed = await member(stack, { name: 'Before Rename' });
    await react(renamed, answer, 'smile');
    expect(await summary(answer)).toEqual([{ emoji: 'smile', count: 1, is_active: false, tooltip: 'Before Rename' }]);

    // Another replica's write reaches this one's cache by its announcement, not by this process's command.
    await stack.query(
      `insert into votes.reactions (object_id, emoji, user_id, object_type, question_id, owner_id, reacted_at)
       select object_id, 'frown', $2, object_type, question_id, owner_id, now() from votes.reactions
       where object_id = $1 limit 1`,
      [answer, bo.id],
    );
    await expect
      .poll(async () => (await summary(answer)).map((item: { emoji: string }) => item.emoji), { timeout: 5000 })
      .toEqual(['smile', 'frown']);

    // A new display name reaches the tooltip once votes' copy of the member changes.
    await ok(stack, 'PUT', 'user/info', renamed.token, { display_name: 'After Rename', username: renamed.username });
    await stack.settle();
    await expect.poll(async () => (await summary(answer))[0]?.tooltip, { timeout: 5000 }).toBe('After Rename');
  });

  it('refuses new reactions on a deleted post, and lets members take theirs back', async () => {
    const { answer } = await thread(stack, asker, answerer);
    await react(ann, answer, 'heart');
    await ok(stack, 'DELETE', 'answer', answerer.token, { id: answer });
    const refused = await put(bo, { object_id: answer, emoji: 'heart', reaction: 'activate' });
    expect([refused.status, refused.body.reason, refused.body.msg, refused.body.data]).toEqual([
      400,
      'error.object.already_deleted',
      'This post has been deleted.',
      { err_type: 'toast' },
    ]);
    expect(await react(ann, answer, 'heart', 'deactivate')).toEqual([]);
  });

  it('answers 404 for what is not a question, answer or comment, and an empty summary for a post never seen', async () => {
    const notPosts = [ann.id, '10030000000000000000001', 'abc'];
    for (const objectId of notPosts) {
      const refused = await put(ann, { object_id: objectId, emoji: 'heart', reaction: 'activate' });
      expect([refused.status, refused.body.reason, refused.body.msg], objectId).toEqual([
        404,
        'base.not_found',
        'The post does not exist.',
      ]);
      expect((await get(objectId)).status, objectId).toBe(404);
    }
    const unknownQuestion = '10019999999999999999999';
    expect((await put(ann, { object_id: unknownQuestion, emoji: 'heart', reaction: 'activate' })).status).toBe(404);
    expect((await get(unknownQuestion)).body.data).toEqual({ reaction_summary: [] });
  });

  it('lets members react and everyone read; refuses anonymous and not activated callers', async () => {
    const { question } = await thread(stack, asker);
    const body = { object_id: question, emoji: 'heart', reaction: 'activate' };
    const anonymous = await put(undefined, body);
    expect([anonymous.status, anonymous.body.reason]).toEqual([401, 'base.unauthorized_error']);
    const inactive = await member(stack, { activated: false });
    const refused = await put(inactive, body);
    expect([refused.status, refused.body.data]).toEqual([403, { type: 'inactive' }]);
    expect((await get(question)).status).toBe(200);
    expect(await summary(question)).toEqual([]);

    // A private site (login_required) shows nothing to visitors, reactions included.
    const security = defaultSiteSettings('http://agora.test').security;
    const setSecurity = async (login_required: boolean) => {
      await updateSettingsGroup(
        stack.service('site').context,
        { group: 'security', values: { ...security, login_required } },
        null,
      );
      await stack.settle();
    };
    await setSecurity(true);
    try {
      // The gateway reads the setting at most once a second.
      await expect.poll(async () => (await get(question)).status, { timeout: 5000 }).toBe(401);
      expect((await get(question, ann)).status).toBe(200);
    } finally {
      await setSecurity(false);
    }
    await expect.poll(async () => (await get(question)).status, { timeout: 5000 }).toBe(200);
  });

  it('answers 400 per field for bad input and changes nothing', async () => {
    const { question } = await thread(stack, asker);
    const good = { object_id: question, emoji: 'heart', reaction: 'activate' };
    const cases: [unknown, { error_field: string; error_msg: string }[]][] = [
      [
        {},
        [
          { error_field: 'object_id', error_msg: 'Object id cannot be empty.' },
          { error_field: 'emoji', error_msg: 'Emoji cannot be empty.' },
          { error_field: 'reaction', error_msg: 'Reaction cannot be empty.' },
        ],
      ],
      [{ ...good, emoji: 'thumbs_up' }, [{ error_field: 'emoji', error_msg: 'Emoji is invalid.' }]],
      [{ ...good, emoji: 1 }, [{ error_field: 'emoji', error_msg: 'Emoji is invalid.' }]],
      [{ ...good, reaction: 'toggle' }, [{ error_field: 'reaction', error_msg: 'Reaction is invalid.' }]],
      [{ ...good, object_id: '' }, [{ error_field: 'object_id', error_msg: 'Object id cannot be empty.' }]],
      [{ ...good, object_id: 'not-an-id' }, [{ error_field: 'object_id', error_msg: 'Object id is invalid.' }]],
      [
        { ...good, object_id: '1'.repeat(65) },
        [{ error_field: 'object_id', error_msg: 'Object id must be at most 64 characters.' }],
      ],
      [{ ...good, object_id: Number(question) }, [{ error_field: 'object_id', error_msg: 'Object id is invalid.' }]],
    ];
    for (const [body, errors] of cases) {
      const response = await put(ann, body);
      expect([response.status, response.body.reason, response.body.data], JSON.stringify(body)).toEqual([
        400,
        'base.request_format_error',
        errors,
      ]);
    }
    const zh = await put(ann, { ...good, emoji: 'thumbs_up' }, { 'accept-language': 'zh-CN' });
    expect(zh.body.data).toEqual([{ error_field: 'emoji', error_msg: '表情无效。' }]);
    for (const query of ['', 'object_id=', 'object_id=not-an-id']) {
      const response = await stack.call('GET', `${API}/meta/reaction?${query}`);
      expect([response.status, response.body.data[0]?.error_field], query).toEqual([400, 'object_id']);
    }
    const [row] = await stack.query(`select count(*)::int as n from votes.reactions where object_id = $1`, [question]);
    expect(row.n).toBe(0);
  });
});
