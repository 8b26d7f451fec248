import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

const API = '/answer/api/v1';
let stack: Stack;
let asker: TestUser;
let answerer: TestUser;
let moderator: TestUser;
let stranger: TestUser;
let askerToken: string;
let answererToken: string;
let moderatorToken: string;
let strangerToken: string;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  asker = await createUser(stack, { name: 'Timeline Asker' });
  answerer = await createUser(stack, { name: 'Timeline Answerer' });
  moderator = await createUser(stack, { roleId: Role.moderator, name: 'Timeline Moderator' });
  stranger = await createUser(stack, { name: 'Timeline Stranger' });
  await stack.settle();
  askerToken = await login(stack, asker);
  answererToken = await login(stack, answerer);
  moderatorToken = await login(stack, moderator);
  strangerToken = await login(stack, stranger);
  // Tags in use: a moderator's question brings them in.
  expect((await ask(moderatorToken, { title: 'Seeding the tags in use', tags: ['typescript', 'events'] })).status).toBe(
    200,
  );
});

afterAll(async () => {
  await stack?.close();
});

async function ask(token: string, input: { title?: string; content?: string; tags?: string[] } = {}) {
  return stack.call('POST', `${API}/question`, {
    token,
    body: {
      title: input.title ?? 'How do projections keep up?',
      content: input.content ?? 'They read the event log in order and checkpoint.',
      tags: (input.tags ?? ['typescript']).map((slug_name) => ({ slug_name })),
    },
  });
}

async function answer(token: string, questionId: string, content = 'By reading the log in order, always.') {
  const response = await stack.call('POST', `${API}/answer`, { token, body: { question_id: questionId, content } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.info.id as string;
}

async function comment(token: string, objectId: string, text: string) {
  const response = await stack.call('POST', `${API}/comment`, {
    token,
    body: { object_id: objectId, original_text: text },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.comment_id as string;
}

const ok200 = async (method: string, url: string, token?: string, body?: unknown) => {
  const response = await stack.call(method, url, { ...(token ? { token } : {}), ...(body ? { body } : {}) });
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
};

describe('activity timeline', () => {
  let questionId: string;
  let answerId: string;
  let commentId: string;

  beforeAll(async () => {
    const asked = await ask(askerToken, { title: 'A question with a long history' });
    questionId = asked.body.data.id;
    await ok200('PUT', `${API}/question`, askerToken, {
      id: questionId,
      title: 'A question with a longer history',
      content: 'They read the event log in order, and checkpoint each batch.',
      tags: [{ slug_name: 'typescript' }, { slug_name: 'events' }],
      edit_summary: 'a **clearer** title',
    });
    answerId = await answer(answererToken, questionId);
    commentId = await comment(answererToken, questionId, 'Which bus do you use?');
    await ok200('PUT', `${API}/question/status`, moderatorToken, {
      id: questionId,
      close_type: 1,
      close_msg: 'Needs *more* detail',
    });
    await ok200('PUT', `${API}/question/reopen`, moderatorToken, { question_id: questionId });
    await ok200('POST', `${API}/answer/acceptance`, askerToken, { question_id: questionId, answer_id: answerId });
  });

  it("lists a question's activity newest first, with who did it and the edit summary as HTML", async () => {
    const data = await ok200('GET', `${API}/activity/timeline?object_id=${questionId}&show_vote=false`, strangerToken);
    expect(data.object_info).toEqual({
      title: 'A question with a longer history',
      object_type: 'question',
      question_id: questionId,
      answer_id: '',
      username: asker.username,
      display_name: 'Timeline Asker',
      main_tag_slug_name: '',
    });
    const timeline = data.timeline as any[];
    expect(timeline.map((t) => t.activity_type)).toEqual([
      'accept',
      'reopened',
      'closed',
      'commented',
      'answered',
      'edited',
      'asked',
    ]);
    expect(timeline.map((t) => t.user_info.id)).toEqual([
      asker.id,
      moderator.id,
      moderator.id,
      answerer.id,
      answerer.id,
      asker.id,
      asker.id,
    ]);
    expect(timeline.map((t) => t.object_type)).toEqual([
      'answer',
      'question',
      'question',
      'comment',
      'answer',
      'question',
      'question',
    ]);
    const [accept, reopened, closed, commented, answered, edited, asked] = timeline;
    expect(accept).toMatchObject({ object_id: answerId, cancelled: false, cancelled_at: 0, revision_id: '0' });
    expect(reopened.comment).toBe('');
    expect(closed.comment).toContain('<em>more</em>');
    expect(commented).toMatchObject({ object_id: commentId });
    expect(commented.comment).toContain('Which bus do you use?');
    expect(answered.object_id).toBe(answerId);
    expect(edited.comment).toContain('a <strong>clearer</strong> title');
    expect(edited.revision_id).not.toBe('0');
    expect(asked.revision_id).not.toBe('0');
    expect(asked.comment).toBe('');
    expect(Number(accept.activity_id)).toBeGreaterThan(Number(asked.activity_id));
    expect(asked.created_at).toBeGreaterThan(1_700_000_000);
    expect(asked.user_info).toMatchObject({ username: asker.username, display_name: 'Timeline Asker' });

    // Anonymous callers read public timelines too; the answer has its own.
    const ofAnswer = await ok200('GET', `${API}/activity/timeline?object_id=${answerId}`, strangerToken);
    expect(ofAnswer.object_info).toMatchObject({
      object_type: 'answer',
      question_id: questionId,
      answer_id: answerId,
      title: 'A question with a longer history',
      username: answerer.username,
    });
    expect(ofAnswer.timeline.map((t: any) => t.activity_type)).toEqual(['accept', 'answered']);
  });

  it('flags an acceptance that was withdrawn as cancelled', async () => {
    await ok200('POST', `${API}/answer/acceptance`, askerToken, { question_id: questionId, answer_id: '0' });
    const data = await ok200('GET', `${API}/activity/timeline?object_id=${questionId}`, askerToken);
    expect(data.timeline[0]).toMatchObject({ activity_type: 'accept', cancelled: true });
    await ok200('POST', `${API}/answer/acceptance`, askerToken, { question_id: questionId, answer_id: answerId });
    const again = await ok200('GET', `${API}/activity/timeline?object_id=${questionId}`, askerToken);
    expect(again.timeline.slice(0, 2).map((t: any) => [t.activity_type, t.cancelled])).toEqual([
      ['accept', false],
      ['accept', true],
    ]);
  });

  it('shows the old and new revision of an edit', async () => {
    const { timeline } = await ok200('GET', `${API}/activity/timeline?object_id=${questionId}`, askerToken);
    const edited = timeline.find((t: any) => t.activity_type === 'edited');
    const asked = timeline.find((t: any) => t.activity_type === 'asked');
    const detail = await ok200(
      'GET',
      `${API}/activity/timeline/detail?old_revision_id=${asked.revision_id}&new_revision_id=${edited.revision_id}`,
      askerToken,
    );
    expect(detail.old_revision).toEqual({
      title: 'A question with a long history',
      tags: [
        {
          slug_name: 'typescript',
          display_name: 'typescript',
          main_tag_slug_name: '',
          recommend: false,
          reserved: false,
        },
      ],
      original_text: 'They read the event log in order and checkpoint.',
      slug_name: '',
      main_tag_slug_name: '',
    });
    expect(detail.new_revision).toMatchObject({
      title: 'A question with a longer history',
      original_text: 'They read the event log in order, and checkpoint each batch.',
    });
    expect(detail.new_revision.tags.map((t: any) => t.slug_name)).toEqual(['typescript', 'events']);

    // Revision 0 is "nothing": the diff of a creation.
    const created = await ok200(
      'GET',
      `${API}/activity/timeline/detail?old_revision_id=0&new_revision_id=${asked.revision_id}`,
      askerToken,
    );
    expect(created.old_revision).toBeNull();
    expect(created.new_revision.title).toBe('A question with a long history');

    const missing = await stack.call('GET', `${API}/activity/timeline/detail?old_revision_id=0&new_revision_id=999`, {
      token: strangerToken,
    });
    expect(missing.status).toBe(404);
    const bad = await stack.call('GET', `${API}/activity/timeline/detail?old_revision_id=0`, { token: strangerToken });
    expect(bad.status).toBe(400);
  });

  it('lists revisions newest first; a suggested edit only for its author and staff', async () => {
    const revisions = await ok200('GET', `${API}/revisions?object_id=${questionId}`, strangerToken);
    expect(revisions).toHaveLength(2);
    expect(revisions[0]).toMatchObject({
      object_id: questionId,
      use_id: asker.id,
      title: 'A question with a longer history',
      url_title: 'a-question-with-a-longer-history',
      status: 2,
      reason: 'a **clearer** title',
      user_info: { id: asker.id, username: asker.username },
      content: { title: 'A question with a longer history', content: expect.stringContaining('each batch') },
    });
    expect(revisions[0].content.html).toContain('<p>');
    expect(revisions[0].content.tags.map((t: any) => t.slug_name)).toEqual(['typescript', 'events']);
    expect(revisions[1]).toMatchObject({ title: 'A question with a long history', reason: '' });
    expect(revisions[0].create_at).toBeGreaterThanOrEqual(revisions[1].create_at);

    const answerRevisions = await ok200('GET', `${API}/revisions?object_id=${answerId}`, strangerToken);
    expect(answerRevisions).toHaveLength(1);
    expect(answerRevisions[0]).toMatchObject({
      title: '',
      use_id: answerer.id,
      content: { id: answerId, question_id: questionId, content: 'By reading the log in order, always.' },
    });

    // A suggested edit from someone with the edit privilege but not the right to skip review.
    const other = (await ask(askerToken, { title: 'A question somebody suggests an edit to' })).body.data;
    await setReputation(stack, stranger.id, 150);
    const suggested = await ok200('PUT', `${API}/question`, strangerToken, {
      id: other.id,
      title: 'A suggested better title for it',
      content: other.content,
      tags: [{ slug_name: 'typescript' }],
      edit_summary: 'suggestion',
    });
    expect(suggested.wait_for_review).toBe(true);
    await setReputation(stack, stranger.id, 1);
    const count = async (token: string) =>
      (await ok200('GET', `${API}/revisions?object_id=${other.id}`, token)).map((r: any) => r.status);
    expect(await count(answererToken)).toEqual([2]);
    expect(await count(strangerToken)).toEqual([1, 2]);
    expect(await count(moderatorToken)).toEqual([1, 2]);
    // The timeline has no row for a suggestion until it is applied.
    const timeline = await ok200('GET', `${API}/activity/timeline?object_id=${other.id}`, strangerToken);
    expect(timeline.timeline.map((t: any) => t.activity_type)).toEqual(['asked']);
  });

  it("hides a deleted question's timeline, answers and revisions from everyone but its author and staff", async () => {
    const doomed = (await ask(askerToken, { title: 'A question that will be deleted' })).body.data;
    const doomedComment = await comment(answererToken, doomed.id, 'A comment under it');
    await ok200('DELETE', `${API}/question`, askerToken, { id: doomed.id });
    // Timelines are for signed-in members: an anonymous caller is refused before visibility is checked.
    expect((await stack.call('GET', `${API}/activity/timeline?object_id=${doomed.id}`)).status).toBe(401);
    for (const token of [strangerToken, answererToken]) {
      const response = await stack.call(
        'GET',
        `${API}/activity/timeline?object_id=${doomed.id}`,
        token ? { token } : {},
      );
      expect(response.status).toBe(404);
      expect(response.body.reason).toBe('base.not_found');
      expect(
        (await stack.call('GET', `${API}/activity/timeline?object_id=${doomedComment}`, token ? { token } : {})).status,
      ).toBe(404);
      expect((await stack.call('GET', `${API}/revisions?object_id=${doomed.id}`, token ? { token } : {})).status).toBe(
        404,
      );
    }
    const forModerator = await ok200('GET', `${API}/activity/timeline?object_id=${doomed.id}`, moderatorToken);
    expect(forModerator.timeline.map((t: any) => [t.activity_type, t.user_info.id])).toEqual([
      ['deleted', asker.id],
      ['commented', answerer.id],
      ['asked', asker.id],
    ]);
    expect(
      (await stack.call('GET', `${API}/activity/timeline?object_id=${doomed.id}`, { token: askerToken })).status,
    ).toBe(200);
    // A comment's own timeline names the post it sits under.
    const ofComment = await ok200('GET', `${API}/activity/timeline?object_id=${doomedComment}`, moderatorToken);
    expect(ofComment.object_info).toMatchObject({
      object_type: 'comment',
      question_id: doomed.id,
      answer_id: '',
      username: answerer.username,
    });

    // Not a post id at all, or a post that does not exist.
    const member = { token: strangerToken };
    expect((await stack.call('GET', `${API}/activity/timeline?object_id=nonsense`, member)).status).toBe(404);
    expect((await stack.call('GET', `${API}/activity/timeline?object_id=10010000000000000000999`, member)).status).toBe(
      404,
    );
    expect((await stack.call('GET', `${API}/activity/timeline`, member)).status).toBe(400);
  });
});

describe('personal pages', () => {
  let writer: TestUser;
  let writerToken: string;
  const questionIds: string[] = [];
  const answerIds: string[] = [];
  const setVotes = (table: 'questions' | 'answers', id: string, votes: number) =>
    // Votes arrive from the votes service's events; this stands in for them here.
    stack.query(`update posts.${table} set vote_count = $2 where id = $1`, [id, votes]);

  beforeAll(async () => {
    writer = await createUser(stack, { name: 'Profile Writer' });
    await stack.settle();
    writerToken = await login(stack, writer);
    for (const title of ['The first question of the writer', 'The second question of the writer', 'The third one']) {
      questionIds.push((await ask(writerToken, { title: `${title} here` })).body.data.id);
    }
    const target1 = (await ask(askerToken, { title: 'Someone else asks a first thing' })).body.data.id;
    const target2 = (await ask(askerToken, { title: 'Someone else asks a second thing' })).body.data.id;
    answerIds.push(await answer(writerToken, target1, 'The writer answers the first thing.'));
    answerIds.push(await answer(writerToken, target2, 'The writer answers the second thing.'));
    await comment(writerToken, target1, 'A comment on the first question');
    await comment(writerToken, answerIds[1]!, 'A comment on my own answer');
    await comment(writerToken, questionIds[0]!, 'A comment on my own question');
    await setVotes('questions', questionIds[0]!, 1);
    await setVotes('questions', questionIds[1]!, 7);
    await setVotes('questions', questionIds[2]!, 3);
    await setVotes('answers', answerIds[0]!, 5);
    await setVotes('answers', answerIds[1]!, 2);
  });

  it("pages a user's questions by newest and by score", async () => {
    const first = await ok200(
      'GET',
      `${API}/personal/question/page?username=${writer.username}&order=newest&page=1&page_size=2`,
    );
    expect(first.count).toBe(3);
    expect(first.list.map((q: any) => q.question_id)).toEqual([questionIds[2], questionIds[1]]);
    expect(first.list[0]).toEqual({
      question_id: questionIds[2],
      title: 'The third one here',
      url_title: 'the-third-one-here',
      vote_count: 3,
      tags: [
        {
          slug_name: 'typescript',
          display_name: 'typescript',
          main_tag_slug_name: '',
          recommend: false,
          reserved: false,
        },
      ],
      view_count: 0,
      answer_count: 0,
      collection_count: 0,
      created_at: expect.any(Number),
      accepted_answer_id: '0',
      status: 'available',
    });
    const second = await ok200(
      'GET',
      `${API}/personal/question/page?username=${writer.username}&order=newest&page=2&page_size=2`,
    );
    expect(second).toMatchObject({ count: 3, list: [{ question_id: questionIds[0] }] });
    const byScore = await ok200('GET', `${API}/personal/question/page?username=${writer.username}&order=score`);
    expect(byScore.list.map((q: any) => q.vote_count)).toEqual([7, 3, 1]);
    expect(
      (await stack.call('GET', `${API}/personal/question/page?username=${writer.username}&order=hot`)).status,
    ).toBe(400);
    expect((await stack.call('GET', `${API}/personal/question/page?username=nobody-by-that-name`)).status).toBe(404);
  });

  it("pages a user's answers with their questions' titles", async () => {
    const newest = await ok200('GET', `${API}/personal/answer/page?username=${writer.username}&order=newest`);
    expect(newest.count).toBe(2);
    expect(newest.list[0]).toEqual({
      answer_id: answerIds[1],
      question_id: expect.any(String),
      accepted: 1,
      vote_count: 2,
      create_time: expect.any(Number),
      update_time: expect.any(Number),
      question_info: {
        title: 'Someone else asks a second thing',
        url_title: 'someone-else-asks-a-second-thing',
        tags: [expect.objectContaining({ slug_name: 'typescript' })],
      },
    });
    const byScore = await ok200(
      'GET',
      `${API}/personal/answer/page?username=${writer.username}&order=score&page_size=1`,
    );
    expect(byScore).toMatchObject({ count: 2, list: [{ answer_id: answerIds[0], vote_count: 5 }] });
  });

  it("pages a user's comments newest first with the post they sit under", async () => {
    const page = await ok200('GET', `${API}/personal/comment/page?username=${writer.username}&page=1&page_size=2`);
    expect(page.count).toBe(3);
    expect(page.list).toHaveLength(2);
    expect(page.list[0]).toMatchObject({
      object_id: questionIds[0],
      object_type: 'question',
      question_id: questionIds[0],
      answer_id: '',
      title: 'The first question of the writer here',
      url_title: 'the-first-question-of-the-writer-here',
    });
    expect(page.list[0].content).toContain('A comment on my own question');
    expect(page.list[1]).toMatchObject({
      object_id: answerIds[1],
      object_type: 'answer',
      answer_id: answerIds[1],
      title: 'Someone else asks a second thing',
    });
    const rest = await ok200('GET', `${API}/personal/comment/page?username=${writer.username}&page=2&page_size=2`);
    expect(rest.list.map((c: any) => c.content)).toEqual([expect.stringContaining('A comment on the first question')]);
  });

  it('lists the top five questions by score and answers by votes', async () => {
    for (let i = 0; i < 4; i++) {
      const id = (await ask(writerToken, { title: `An extra question number ${i}` })).body.data.id;
      await setVotes('questions', id, 10 + i);
    }
    const top = await ok200('GET', `${API}/personal/qa/top?username=${writer.username}`);
    expect(top.question.map((q: any) => q.vote_count)).toEqual([13, 12, 11, 10, 7]);
    expect(top.answer.map((a: any) => [a.answer_id, a.vote_count])).toEqual([
      [answerIds[0], 5],
      [answerIds[1], 2],
    ]);
    expect(top.answer[0].question_info.title).toBe('Someone else asks a first thing');
  });

  it("keeps an answer under a hidden or deleted question off the public's answers tab until the question is back", async () => {
    const helper = await createUser(stack, { name: 'Profile Helper' });
    await stack.settle();
    const helperToken = await login(stack, helper);
    const questionId = (await ask(askerToken, { title: 'Someone else asks about hiding things' })).body.data.id;
    const answerId = await answer(helperToken, questionId, 'The helper answers the question about hiding.');
    const answers = `${API}/personal/answer/page?username=${helper.username}&order=score`;
    const top = `${API}/personal/qa/top?username=${helper.username}`;
    const publicly = async () => (await ok200('GET', answers, strangerToken)).count;
    expect(await publicly()).toBe(1);

    await ok200('PUT', `${API}/question/operation`, moderatorToken, { id: questionId, operation: 'hide' });
    expect(await publicly()).toBe(0);
    expect((await ok200('GET', top, strangerToken)).answer).toEqual([]);
    expect((await ok200('GET', answers, helperToken)).list.map((a: any) => a.answer_id)).toEqual([answerId]);
    await ok200('PUT', `${API}/question/operation`, moderatorToken, { id: questionId, operation: 'show' });
    expect(await publicly()).toBe(1);

    await ok200('DELETE', `${API}/question`, moderatorToken, { id: questionId });
    expect(await publicly()).toBe(0);
    await ok200('POST', `${API}/question/recover`, moderatorToken, { question_id: questionId });
    expect(await publicly()).toBe(1);
    expect((await ok200('GET', top, strangerToken)).answer.map((a: any) => a.answer_id)).toEqual([answerId]);
  });

  it('hides deleted posts from everyone but the owner and staff', async () => {
    await ok200('DELETE', `${API}/question`, writerToken, { id: questionIds[1] });
    const url = `${API}/personal/question/page?username=${writer.username}&order=newest&page_size=100`;
    const forStranger = await ok200('GET', url, strangerToken);
    expect(forStranger.list.map((q: any) => q.question_id)).not.toContain(questionIds[1]);
    expect((await ok200('GET', url)).count).toBe(forStranger.count);
    const forOwner = await ok200('GET', url, writerToken);
    expect(forOwner.count).toBe(forStranger.count + 1);
    expect(forOwner.list.find((q: any) => q.question_id === questionIds[1]).status).toBe('deleted');
    expect((await ok200('GET', url, moderatorToken)).count).toBe(forOwner.count);
    const top = await ok200('GET', `${API}/personal/qa/top?username=${writer.username}`, strangerToken);
    expect(top.question.map((q: any) => q.question_id)).not.toContain(questionIds[1]);

    // A voted-up answer is not its author's to delete; a moderator's.
    await ok200('DELETE', `${API}/answer`, moderatorToken, { id: answerIds[1] });
    const answers = `${API}/personal/answer/page?username=${writer.username}&order=newest`;
    expect((await ok200('GET', answers, strangerToken)).count).toBe(1);
    expect((await ok200('GET', answers, writerToken)).count).toBe(2);
    // The comment under the deleted answer goes with it, for the public.
    const comments = `${API}/personal/comment/page?username=${writer.username}`;
    expect((await ok200('GET', comments, strangerToken)).count).toBe(2);
    expect((await ok200('GET', comments, moderatorToken)).count).toBe(3);
  });

  it('serves the public view of a tab from one kept reply, which follows every change', async () => {
    const url = `${API}/personal/question/page?username=${writer.username}&order=newest&page_size=100`;
    const before = await ok200('GET', url, strangerToken);
    // The same reply for anyone who is neither the owner nor staff, any case of the username.
    expect(await ok200('GET', url.replace(writer.username, writer.username.toUpperCase()))).toEqual(before);
    const asked = (await ask(writerToken, { title: 'A question asked after the tab was read' })).body.data.id;
    await stack.settle();
    const after = await ok200('GET', url, strangerToken);
    expect(after.count).toBe(before.count + 1);
    expect(after.list[0].question_id).toBe(asked);
    const top = await ok200('GET', `${API}/personal/qa/top?username=${writer.username}`);
    await ok200('DELETE', `${API}/question`, writerToken, { id: asked });
    await stack.settle();
    expect((await ok200('GET', url, strangerToken)).count).toBe(before.count);
    // The owner still sees it, deleted.
    expect((await ok200('GET', url, writerToken)).list.find((q: any) => q.question_id === asked).status).toBe(
      'deleted',
    );
    expect(top.question.length).toBeGreaterThan(0);
  });

  it('keeps the whole view of the owner and staff apart from the public one, each read once', async () => {
    let queries = 0;
    const count = () => {
      queries += 1;
    };
    const pool = stack.service('posts').context.database.pool;
    pool.on('acquire', count);
    try {
      const url = `${API}/personal/question/page?username=${writer.username}&order=newest&page_size=100`;
      const whole = await ok200('GET', url, writerToken);
      const deleted = whole.list.filter((q: any) => q.status === 'deleted').map((q: any) => q.question_id);
      expect(deleted.length).toBeGreaterThan(0);
      // After the owner's read, a stranger's is the public view: no deleted post.
      const forStranger = await ok200('GET', url, strangerToken);
      expect(forStranger.list.map((q: any) => q.question_id)).not.toEqual(expect.arrayContaining(deleted));
      expect(forStranger.count).toBe(whole.count - deleted.length);
      // The staff's view is the owner's, from the same kept reply.
      const before = queries;
      expect(await ok200('GET', url, moderatorToken)).toEqual(whole);
      expect(await ok200('GET', url, writerToken)).toEqual(whole);
      expect(queries - before).toBe(0);
      // A change reaches the whole view too.
      const asked = (await ask(writerToken, { title: 'A question the whole view shows next' })).body.data.id;
      await stack.settle();
      expect((await ok200('GET', url, writerToken)).list[0].question_id).toBe(asked);
    } finally {
      pool.off('acquire', count);
    }
  });
});
