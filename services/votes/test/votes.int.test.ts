import { Role } from '@agora/contracts';
import { postsFor } from '@agora/posts/service';
import { createUser, setCaptchas, setReputation, solveCaptcha } from '@agora/test-support/accounts';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, member, ok, reputation, settleAround, startVotesStack, thread } from './support/stack';

let stack: Stack;
type Member = Awaited<ReturnType<typeof member>>;
let asker: Member;
let answerer: Member;
let voter: Member;
let moderator: Member;

beforeAll(async () => {
  stack = await startVotesStack();
  [asker, answerer, voter, moderator] = [
    await member(stack, { name: 'Vote Asker' }),
    await member(stack, { name: 'Vote Answerer' }),
    await member(stack, { name: 'Vote Caster' }),
    await member(stack, { name: 'Vote Moderator', roleId: Role.moderator }),
  ];
  await setReputation(stack, voter.id, 500);
  // A moderator brings the tag into use, so that members may use it.
  await thread(stack, moderator);
});
afterAll(async () => {
  await stack?.close();
});

const vote = (who: { token: string } | undefined, direction: 'up' | 'down', body: object) =>
  stack.call('POST', `${API}/vote/${direction}`, { token: who?.token, body });

describe('vote/up and vote/down', () => {
  it('walks every toggle path on a question, answering {votes, up_votes, down_votes, vote_status}', async () => {
    const { question } = await thread(stack, asker);
    const press = async (direction: 'up' | 'down', is_cancel = false) =>
      (await vote(voter, direction, { object_id: question, is_cancel })).body;

    expect(await press('up')).toEqual({
      code: 200,
      reason: 'base.success',
      msg: 'Success.',
      data: { votes: 1, up_votes: 1, down_votes: 0, vote_status: 'vote_up' },
    });
    expect((await press('up')).data).toEqual({ votes: 1, up_votes: 1, down_votes: 0, vote_status: 'vote_up' });
    expect((await press('up', true)).data).toEqual({ votes: 0, up_votes: 0, down_votes: 0, vote_status: '' });
    expect((await press('up')).data.vote_status).toBe('vote_up');
    expect((await press('down')).data).toEqual({ votes: -1, up_votes: 0, down_votes: 1, vote_status: 'vote_down' });
    expect((await press('down', true)).data).toEqual({ votes: 0, up_votes: 0, down_votes: 0, vote_status: '' });
    expect((await press('up', true)).data.vote_status).toBe('');

    const other = await member(stack);
    await setReputation(stack, other.id, 10);
    await vote(voter, 'up', { object_id: question });
    expect((await vote(other, 'up', { object_id: question })).body.data).toMatchObject({ votes: 2, up_votes: 2 });
  });

  it('votes on answers and up-votes comments; comments cannot be voted down', async () => {
    const { answer, comment } = await thread(stack, asker, answerer);
    expect((await vote(voter, 'up', { object_id: answer })).body.data).toMatchObject({ votes: 1 });
    expect((await vote(voter, 'down', { object_id: answer })).body.data).toMatchObject({ votes: -1 });
    expect((await vote(voter, 'up', { object_id: comment })).body.data).toEqual({
      votes: 1,
      up_votes: 1,
      down_votes: 0,
      vote_status: 'vote_up',
    });
    const down = await vote(voter, 'down', { object_id: comment });
    expect([down.status, down.body.reason, down.body.msg]).toEqual([
      400,
      'error.object.disallow_vote',
      'Comments can only be voted up.',
    ]);
    await stack.settle();
    const [counts] = await stack.query(
      `select (select vote_count from posts.answers where id = $1) as answer,
              (select vote_count from posts.comments where id = $2) as comment`,
      [answer, comment],
    );
    expect(counts).toEqual({ answer: -1, comment: 1 });
  });

  it('refuses anonymous callers, accounts not activated, and those without the reputation', async () => {
    const { question } = await thread(stack, asker);
    expect((await vote(undefined, 'up', { object_id: question })).status).toBe(401);
    const inactive = await member(stack, { activated: false });
    const refused = await vote(inactive, 'up', { object_id: question });
    expect([refused.status, refused.body.data]).toEqual([403, { type: 'inactive' }]);

    const newcomer = await member(stack);
    const up = await vote(newcomer, 'up', { object_id: question });
    expect([up.status, up.body.reason, up.body.msg]).toEqual([
      403,
      'error.rank.no_enough_rank_to_operate',
      'You need at least 8 reputation to do this.',
    ]);
    await setReputation(stack, newcomer.id, 124);
    expect((await vote(newcomer, 'up', { object_id: question })).status).toBe(200);
    const down = await vote(newcomer, 'down', { object_id: question });
    expect([down.status, down.body.msg]).toEqual([403, 'You need at least 125 reputation to do this.']);
    await setReputation(stack, newcomer.id, 125);
    expect((await vote(newcomer, 'down', { object_id: question })).body.data.vote_status).toBe('vote_down');
    // Moderators vote regardless of reputation.
    expect((await vote(moderator, 'down', { object_id: question })).status).toBe(200);
  });

  it("refuses one's own post, deleted posts and objects that are not votable", async () => {
    const { question, answer } = await thread(stack, asker, answerer);
    const own = await vote(asker, 'up', { object_id: question });
    expect([own.status, own.body.reason, own.body.msg, own.body.data]).toEqual([
      400,
      'error.object.disallow_vote_your_self',
      "You can't vote for your own post.",
      { err_type: 'toast' },
    ]);
    const ownAnswer = await vote(answerer, 'down', { object_id: answer });
    expect(ownAnswer.body.reason).toBe('error.object.disallow_vote_your_self');

    await ok(stack, 'DELETE', 'answer', answerer.token, { id: answer });
    await stack.settle();
    const deleted = await vote(voter, 'up', { object_id: answer });
    expect([deleted.status, deleted.body.reason, deleted.body.msg]).toEqual([
      400,
      'error.object.already_deleted',
      'This post has been deleted.',
    ]);
    const unknown = await vote(voter, 'up', { object_id: '10019999999999999999999' });
    expect([unknown.status, unknown.body.reason]).toEqual([404, 'base.not_found']);
    const user = await vote(voter, 'up', { object_id: voter.id });
    expect(user.status).toBe(404);
  });

  it('answers 503, not 404, for a post that exists but has not reached votes within the wait, and counts it later', async () => {
    const runner = stack.service('votes').projections;
    await runner.pause('post-facts');
    let question: string;
    try {
      ({ id: question } = await ok(stack, 'POST', 'question', asker.token, {
        title: `A question votes has not heard of ${Math.random().toString(36).slice(2, 8)}`,
        content: 'Its events are on their way to votes, held back as a dead consumer would hold them.',
        tags: [{ slug_name: 'votes' }],
      }));
      const early = await vote(voter, 'up', { object_id: question });
      expect([early.status, early.body.reason]).toEqual([503, 'base.service_unavailable']);
    } finally {
      await runner.resume('post-facts');
    }
    const later = await vote(voter, 'up', { object_id: question });
    expect([later.status, later.body.data?.votes]).toEqual([200, 1]);
  });

  it('answers 400 per field for bad input and changes nothing', async () => {
    const { question } = await thread(stack, asker);
    const cases: [object, string, string][] = [
      [{}, 'object_id', 'Object id cannot be empty.'],
      [{ object_id: '' }, 'object_id', 'Object id cannot be empty.'],
      [{ object_id: 'not-an-id' }, 'object_id', 'Object id is invalid.'],
      [{ object_id: '1'.repeat(65) }, 'object_id', 'Object id must be at most 64 characters.'],
      [{ object_id: question, is_cancel: 'perhaps' }, 'is_cancel', 'Is cancel is invalid.'],
      [
        { object_id: question, captcha_code: 'x'.repeat(101) },
        'captcha_code',
        'Captcha must be at most 100 characters.',
      ],
    ];
    for (const direction of ['up', 'down'] as const) {
      for (const [body, field, message] of cases) {
        const response = await vote(voter, direction, body);
        expect([response.status, response.body.reason], JSON.stringify(body)).toEqual([
          400,
          'base.request_format_error',
        ]);
        expect(response.body.data).toEqual([{ error_field: field, error_msg: message }]);
      }
    }
    const zh = await stack.call('POST', `${API}/vote/up`, {
      token: voter.token,
      body: {},
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.data).toEqual([{ error_field: 'object_id', error_msg: '对象 ID不能为空。' }]);
    const [row] = await stack.query('select count(*)::int as n from votes.votes where object_id = $1', [question]);
    expect(row.n).toBe(0);
  });
});

describe('captcha on votes', () => {
  it('asks for one from the 40th vote on when the site has captchas on, never asks moderators', async () => {
    const { question, answer } = await thread(stack, asker, answerer);
    const quick = await member(stack);
    await setReputation(stack, quick.id, 200);
    await setCaptchas(stack, true);
    try {
      const record = async (who: Member) =>
        (await stack.call('GET', `${API}/user/action/record?action=vote`, { token: who.token })).body.data;
      expect((await record(quick)).verify).toBe(false);
      for (let i = 0; i < 40; i++) {
        const response = await vote(quick, 'up', { object_id: question, is_cancel: i % 2 === 1 });
        expect(response.status).toBe(200);
      }
      expect((await record(quick)).verify).toBe(true);
      const refused = await vote(quick, 'up', { object_id: answer });
      expect([refused.status, refused.body.data]).toEqual([
        400,
        [{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty.' }],
      ]);
      const wrong = await vote(quick, 'up', { object_id: answer, captcha_id: 'nope', captcha_code: 'abcd' });
      expect([wrong.status, wrong.body.data[0].error_field]).toEqual([400, 'captcha_code']);
      const solved = await solveCaptcha(stack, 'vote', quick.token);
      expect((await vote(quick, 'up', { object_id: answer, ...solved })).body.data.vote_status).toBe('vote_up');
      for (let i = 0; i < 41; i++) {
        expect((await vote(moderator, 'up', { object_id: question, is_cancel: i % 2 === 1 })).status).toBe(200);
      }
      expect((await record(moderator)).verify).toBe(false);
    } finally {
      await setCaptchas(stack, false);
    }
    expect((await vote(quick, 'down', { object_id: answer })).status).toBe(200);
  });
});

describe('reputation from votes, acceptance and deletion', () => {
  it('reaches identity and every service, and the history shows gains and losses', async () => {
    const owner = await member(stack, { name: 'Reputation Owner' });
    const { question, answer } = await thread(stack, asker, owner);
    const second = await member(stack);
    await setReputation(stack, second.id, 200);
    await vote(voter, 'up', { object_id: answer });
    await vote(second, 'down', { object_id: answer });
    expect(await reputation(stack, owner.id)).toBe(1 + 10 - 2);
    expect(await reputation(stack, second.id)).toBe(199);

    await ok(stack, 'POST', 'answer/acceptance', asker.token, { question_id: question, answer_id: answer });
    expect(await reputation(stack, owner.id)).toBe(9 + 15);
    const askerBefore = await reputation(stack, asker.id);

    const profile = await ok(stack, 'GET', `personal/user/info?username=${owner.username}`);
    expect(profile.rank).toBe(24);
    const history = await ok(stack, 'GET', `personal/rank/page?username=${owner.username}`);
    expect(history.count).toBe(3);
    expect(history.list.map((i: any) => [i.rank_type, i.reputation])).toEqual(
      expect.arrayContaining([
        ['upvoted', 10],
        ['downvoted', -2],
        ['accepted', 15],
      ]),
    );
    expect(history.list[0]).toEqual({
      object_id: answer,
      object_type: 'answer',
      question_id: question,
      answer_id: answer,
      title: expect.stringContaining('A question about votes'),
      url_title: expect.any(String),
      content: 'Through the ledger, one entry at a time.',
      rank_type: expect.any(String),
      reputation: expect.any(Number),
      created_at: expect.any(Number),
    });

    // Deleting the answer takes back what it earned; undeleting gives it back.
    await ok(stack, 'DELETE', 'answer', moderator.token, { id: answer });
    expect(await reputation(stack, owner.id)).toBe(1);
    expect(await reputation(stack, second.id)).toBe(200);
    expect(await reputation(stack, asker.id)).toBe(askerBefore - 2);
    expect((await ok(stack, 'GET', `personal/rank/page?username=${owner.username}`)).count).toBe(0);
    await ok(stack, 'POST', 'answer/recover', moderator.token, { answer_id: answer });
    expect(await reputation(stack, owner.id)).toBe(24);
    expect(await reputation(stack, second.id)).toBe(199);

    // Unaccepting refunds the pair.
    await ok(stack, 'POST', 'answer/acceptance', asker.token, { question_id: question, answer_id: '' });
    expect(await reputation(stack, owner.id)).toBe(9);
    expect(await reputation(stack, asker.id)).toBe(askerBefore - 2);
  });

  it('leaves an answer’s entries off the reputation tab while its question is deleted, and lists them when it is back', async () => {
    const owner = await member(stack, { name: 'Answer Under A Deleted Question' });
    const { question, answer } = await thread(stack, asker, owner);
    await vote(voter, 'up', { object_id: answer });
    await ok(stack, 'POST', 'answer/acceptance', asker.token, { question_id: question, answer_id: answer });
    const history = async () => {
      await settleAround(stack);
      const page = await ok(stack, 'GET', `personal/rank/page?username=${owner.username}`);
      return [page.count, page.list.map((i: { object_id: string; reputation: number }) => [i.object_id, i.reputation])];
    };
    const listed = [
      2,
      expect.arrayContaining([
        [answer, 10],
        [answer, 15],
      ]),
    ];
    expect(await history()).toEqual(listed);

    // Deleting the question takes back only what the question earned: the answer's entries stay active, and the
    // tab leaves them out as long as the question is deleted.
    await ok(stack, 'DELETE', 'question', moderator.token, { id: question });
    expect(await reputation(stack, owner.id)).toBe(1 + 10 + 15);
    expect(await history()).toEqual([0, []]);
    await ok(stack, 'POST', 'question/recover', moderator.token, { question_id: question });
    expect(await history()).toEqual(listed);
  });

  it('gives an editor 2 when a reviewer approves their suggested edit', async () => {
    const editor = await member(stack, { name: 'Suggesting Editor' });
    await setReputation(stack, editor.id, 100);
    const { question } = await thread(stack, asker);
    const info = await ok(stack, 'GET', `question/info?id=${question}`);
    const suggested = await ok(stack, 'PUT', 'question', editor.token, {
      id: question,
      title: `${info.title} (clearer)`,
      content: info.content,
      tags: [{ slug_name: 'votes' }],
      edit_summary: 'a clearer title',
    });
    expect(suggested.wait_for_review).toBe(true);
    const [revision] = await stack.query(
      'select id from posts.revisions where object_id = $1 and status = 1 and user_id = $2',
      [question, editor.id],
    );
    await postsFor(stack.service('posts')).revisions.review({
      objectType: 'question',
      objectId: question,
      revisionId: revision.id,
      approved: true,
      reviewerId: moderator.id,
    });
    expect(await reputation(stack, editor.id)).toBe(102);
    expect((await ok(stack, 'GET', `personal/rank/page?username=${editor.username}`)).list).toEqual([
      expect.objectContaining({ object_id: question, rank_type: 'edit', reputation: 2 }),
    ]);
  });

  it('gives 1 for activating a self-registered account, once', async () => {
    const accounts = (await import('@agora/identity')).accountsFor(stack.service('identity'));
    const row = await accounts.register({
      email: `self-${Date.now()}@example.com`,
      displayName: 'Self Registered',
      password: 'a-long-password',
      activated: false,
      createdBy: 'self',
      actorId: null,
    });
    expect(await reputation(stack, row.user_id)).toBe(0);
    await accounts.run(row.user_id, { type: 'activate' }, row.user_id);
    expect(await reputation(stack, row.user_id)).toBe(1);
  });

  it('lists the reputation history by username for anyone, and the caller’s own without one', async () => {
    expect((await stack.call('GET', `${API}/personal/rank/page`)).body.data).toEqual([
      { error_field: 'username', error_msg: 'Username cannot be empty.' },
    ]);
    expect((await stack.call('GET', `${API}/personal/rank/page?username=nobody-here`)).status).toBe(404);
    expect((await ok(stack, 'GET', 'personal/rank/page', voter.token)).list).toEqual([
      expect.objectContaining({ rank_type: 'downvote', reputation: -1 }),
    ]);
    const bad = await stack.call('GET', `${API}/personal/rank/page?username=x&page=0&page_size=101`);
    expect(bad.body.data).toEqual([
      { error_field: 'page', error_msg: 'Page must be at least 1.' },
      { error_field: 'page_size', error_msg: 'Page size must be at most 100.' },
    ]);
  });
});

describe('bookmarks', () => {
  it('toggles with switch and object_collection_count, and lists the caller’s bookmarks', async () => {
    const { question, answer, comment } = await thread(stack, asker, answerer);
    const press = (who: Member, object_id: string, extra: object = {}) =>
      stack.call('POST', `${API}/collection/switch`, {
        token: who.token,
        body: { object_id, group_id: '0', ...extra },
      });
    expect((await press(voter, question)).body).toEqual({
      code: 200,
      reason: 'base.success',
      msg: 'Success.',
      data: { object_id: question, object_collection_count: 1, switch: true },
    });
    expect((await press(asker, question)).body.data).toEqual({
      object_id: question,
      object_collection_count: 2,
      switch: true,
    });
    expect((await press(asker, question, { bookmark: true })).body.data.switch).toBe(true);
    expect((await press(asker, question)).body.data).toEqual({
      object_id: question,
      object_collection_count: 1,
      switch: false,
    });
    expect((await press(voter, answer)).body.data).toMatchObject({ switch: true, object_collection_count: 1 });
    const onComment = await press(voter, comment);
    expect([onComment.status, onComment.body.msg]).toEqual([400, 'Only questions and answers can be bookmarked.']);

    // Followed by the voter and the answerer, then by the voter only: the page counts and marks the follows.
    await ok(stack, 'POST', 'follow', voter.token, { object_id: question });
    await ok(stack, 'POST', 'follow', answerer.token, { object_id: question });
    await ok(stack, 'POST', 'follow', answerer.token, { object_id: question, is_cancel: true });
    await stack.settle();
    const page = await ok(stack, 'GET', 'personal/collection/page?page=1&page_size=10', voter.token);
    expect(page.count).toBeGreaterThanOrEqual(2);
    expect(page.list.slice(0, 2).map((q: any) => q.id)).toEqual([question, question]);
    expect(page.list[1]).toMatchObject({
      id: question,
      title: expect.stringContaining('A question about votes'),
      collected: true,
      collection_count: 1,
      follow_count: 1,
      is_followed: true,
      answer_count: 1,
      // The voter did not answer it: `answered` is about the reader (as question/info's).
      answered: false,
      first_answer_id: '',
      status: 1,
      user_info: { id: asker.id, username: asker.username, rank: expect.any(Number) },
      tags: [{ slug_name: 'votes', display_name: 'votes', main_tag_slug_name: '', recommend: false, reserved: false }],
    });
    await press(answerer, question);
    const answerers = await ok(stack, 'GET', 'personal/collection/page?page=1&page_size=10', answerer.token);
    expect(answerers.list[0]).toMatchObject({
      id: question,
      answered: true,
      first_answer_id: answer,
      follow_count: 1,
      is_followed: false,
    });
    await press(answerer, question);
    await stack.settle();
    const [row] = await stack.query('select collection_count from posts.questions where id = $1', [question]);
    expect(row.collection_count).toBe(1);

    await ok(stack, 'DELETE', 'question', moderator.token, { id: question });
    await stack.settle();
    const onDeleted = await press(asker, question);
    expect([onDeleted.status, onDeleted.body.reason]).toEqual([400, 'error.object.already_deleted']);
    expect((await press(voter, question)).body.data.switch).toBe(false);
    const after = await ok(stack, 'GET', 'personal/collection/page', voter.token);
    expect(after.list.map((q: any) => q.id)).not.toContain(question);
  });

  it('answers 401 to anonymous callers and 400 per field for bad input', async () => {
    expect(
      (await stack.call('POST', `${API}/collection/switch`, { body: { object_id: '1', group_id: '0' } })).status,
    ).toBe(401);
    expect((await stack.call('GET', `${API}/personal/collection/page`)).status).toBe(401);
    const cases: [object, string, string][] = [
      [{ group_id: '0' }, 'object_id', 'Object id cannot be empty.'],
      [{ object_id: 'abc', group_id: '0' }, 'object_id', 'Object id is invalid.'],
      [{ object_id: '1001' }, 'group_id', 'Group id cannot be empty.'],
      [{ object_id: '1001', group_id: '0', bookmark: 'sure' }, 'bookmark', 'Bookmark is invalid.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await stack.call('POST', `${API}/collection/switch`, { token: voter.token, body });
      expect([response.status, response.body.data], JSON.stringify(body)).toEqual([
        400,
        [{ error_field: field, error_msg: message }],
      ]);
    }
    const page = await stack.call('GET', `${API}/personal/collection/page?page_size=0`, { token: voter.token });
    expect(page.body.data).toEqual([{ error_field: 'page_size', error_msg: 'Page size must be at least 1.' }]);
  });
});

describe('personal/vote/page and user/ranking', () => {
  it('lists the caller’s votes, newest first', async () => {
    const caster = await member(stack);
    await setReputation(stack, caster.id, 200);
    const { question, answer, comment } = await thread(stack, asker, answerer);
    await vote(caster, 'up', { object_id: question });
    await vote(caster, 'down', { object_id: answer });
    await vote(caster, 'up', { object_id: comment });
    await vote(caster, 'up', { object_id: comment, is_cancel: true });
    const page = await ok(stack, 'GET', 'personal/vote/page?page=1&page_size=10', caster.token);
    expect(page.count).toBe(2);
    expect(page.list).toEqual([
      {
        object_id: answer,
        object_type: 'answer',
        question_id: question,
        answer_id: answer,
        title: expect.stringContaining('A question about votes'),
        url_title: expect.any(String),
        content: 'Through the ledger, one entry at a time.',
        vote_type: 'downvote',
        created_at: expect.any(Number),
      },
      expect.objectContaining({ object_id: question, object_type: 'question', answer_id: '', vote_type: 'upvote' }),
    ]);
    const zh = await stack.call('GET', `${API}/personal/vote/page?page_size=1`, {
      token: caster.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.data.list[0].vote_type).toBe('反对');
    expect((await stack.call('GET', `${API}/personal/vote/page`)).status).toBe(401);
    const bad = await stack.call('GET', `${API}/personal/vote/page?page=x`, { token: caster.token });
    expect(bad.body.data).toEqual([{ error_field: 'page', error_msg: 'Page is invalid.' }]);
  });

  it('ranks the week’s users by reputation and by votes, and lists the staff', async () => {
    const ranking = await ok(stack, 'GET', 'user/ranking');
    expect(Object.keys(ranking).sort()).toEqual([
      'staffs',
      'users_with_the_most_reputation',
      'users_with_the_most_vote',
    ]);
    for (const list of Object.values(ranking) as any[][]) {
      expect(list.length).toBeLessThanOrEqual(20);
      for (const item of list)
        expect(Object.keys(item).sort()).toEqual(['avatar', 'display_name', 'rank', 'username', 'vote_count']);
    }
    const voterItem = ranking.users_with_the_most_vote.find((u: any) => u.username === voter.username);
    expect(voterItem.vote_count).toBeGreaterThan(3);
    expect(ranking.users_with_the_most_reputation.every((u: any) => u.rank > 0)).toBe(true);
    const counts = ranking.users_with_the_most_vote.map((u: any) => u.vote_count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(ranking.staffs.map((u: any) => u.username)).toContain(moderator.username);
    expect(ranking.staffs.map((u: any) => u.username)).not.toContain(voter.username);
    const admin = await createUser(stack, { roleId: Role.admin });
    await stack.settle();
    expect((await ok(stack, 'GET', 'user/ranking')).staffs.map((u: any) => u.username)).toContain(admin.username);
  });
});
