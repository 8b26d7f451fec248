import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { toShortId } from '@agora/platform';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

/**
 * Posts' routes as the reference's web client calls them through the gateway (JSON bodies, query strings)
 * and reads them: question/info's member fields, following a question, and the edit check before an editor.
 */

let stack: Stack;
const API = '/answer/api/v1';

interface Member extends TestUser {
  token: string;
}

async function member(options: { roleId?: number; reputation?: number } = {}): Promise<Member> {
  const user = await createUser(stack, { roleId: options.roleId });
  if (options.reputation) await setReputation(stack, user.id, options.reputation);
  else await stack.settle();
  return { ...user, token: await login(stack, user) };
}

/** A call through the gateway that must succeed; its `data`. */
async function must(method: string, path: string, token?: string, body?: unknown) {
  const response = await stack.call(method, `${API}/${path}`, { token, body });
  if (response.status !== 200)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

async function ask(who: Member, title: string, tags = ['wire']): Promise<string> {
  const data = await must('POST', 'question', who.token, {
    title,
    content: `The body of the question: ${title}`,
    tags: tags.map((slug_name) => ({ slug_name })),
  });
  return data.id;
}

const answer = async (who: Member, questionId: string, content = 'An answer long enough to post.') =>
  (await must('POST', 'answer', who.token, { question_id: questionId, content })).info.id as string;

const info = (questionId: string, who?: Member) => must('GET', `question/info?id=${questionId}`, who?.token);

let admin: Member;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService, tagsService, votesService] });
  admin = await member({ roleId: Role.admin });
  // The tag the members' questions carry exists (creating one takes reputation they lack).
  await ask(admin, 'A question that brings the wire tag into use');
  await stack.settle();
});

afterAll(async () => {
  await stack?.close();
});

describe('question/info as the reference client reads it', () => {
  it('says whether the signed-in member answered, with their own first answer; anonymous visitors get false and empty', async () => {
    const asker = await member();
    const answerer = await member();
    const latecomer = await member();
    const q = await ask(asker, 'Who answered this question, as the page asks?');
    expect(await info(q)).toMatchObject({ answered: false, first_answer_id: '', is_followed: false });

    const first = await answer(answerer, q);
    await stack.settle();
    expect(await info(q, answerer)).toMatchObject({ answered: true, first_answer_id: first, answer_count: 1 });
    // The question has an answer, but neither the asker nor anyone else wrote it.
    expect(await info(q, asker)).toMatchObject({ answered: false, first_answer_id: '' });
    expect(await info(q, latecomer)).toMatchObject({ answered: false, first_answer_id: '' });
    // The shared reply anonymous visitors get stays everyone's.
    expect(await info(q)).toMatchObject({ answered: false, first_answer_id: '', answer_count: 1 });

    // With the one-answer rule on (the default), a member who has not answered may still answer...
    const second = await answer(latecomer, q);
    expect(await info(q, latecomer)).toMatchObject({ answered: true, first_answer_id: second, answer_count: 2 });
    // ...while one who has is sent to edit their own answer instead.
    const again = await stack.call('POST', `${API}/answer`, {
      token: answerer.token,
      body: { question_id: q, content: 'A second answer from the same member.' },
    });
    expect(again.status).toBe(403);

    // The answer pages carry the same question for their reader.
    const detail = await must('GET', `answer/info?id=${second}`, latecomer.token);
    expect(detail.question).toMatchObject({ answered: true, first_answer_id: second });
    expect((await must('GET', `answer/info?id=${second}`, asker.token)).question).toMatchObject({ answered: false });

    // A deleted answer is no longer theirs to edit: they may answer again.
    await must('DELETE', 'answer', answerer.token, { id: first });
    expect(await info(q, answerer)).toMatchObject({ answered: false, first_answer_id: '' });
  });

  it('answers an ask with its own answer with that answer as the asker’s first', async () => {
    const asker = await member();
    const both = await must('POST', 'question/answer', asker.token, {
      title: 'A question asked with its answer at once',
      content: 'What the question asks, in a few words.',
      tags: [{ slug_name: 'wire' }],
      answer_content: 'And the answer the asker knew already.',
    });
    expect(both.question).toMatchObject({ answered: true, first_answer_id: both.info.id });
  });
});

describe('following a question (POST follow with a question id)', () => {
  it('follows and unfollows from the JSON body, counting followers and showing is_followed to the follower only', async () => {
    const asker = await member();
    const fan = await member();
    const other = await member();
    const q = await ask(asker, 'A question worth following for its answers');

    const followed = await stack.call('POST', `${API}/follow`, {
      token: fan.token,
      body: { object_id: q, is_cancel: false },
    });
    expect(followed.status).toBe(200);
    expect(followed.body.data).toEqual({ follows: 1, is_followed: true });
    // Twice is once.
    expect(await must('POST', 'follow', fan.token, { object_id: q })).toEqual({ follows: 1, is_followed: true });
    expect(await must('POST', 'follow', other.token, { object_id: q })).toEqual({ follows: 2, is_followed: true });

    expect(await info(q, fan)).toMatchObject({ is_followed: true, follow_count: 2 });
    expect(await info(q, asker)).toMatchObject({ is_followed: false, follow_count: 2 });
    expect(await info(q)).toMatchObject({ is_followed: false, follow_count: 2 });
    const listed = await must('GET', 'question/page?order=newest&page=1&page_size=50');
    expect(listed.list.find((row: { id: string }) => row.id === q)).toMatchObject({ follow_count: 2 });

    expect(await must('POST', 'follow', fan.token, { object_id: q, is_cancel: true })).toEqual({
      follows: 1,
      is_followed: false,
    });
    expect(await info(q, fan)).toMatchObject({ is_followed: false, follow_count: 1 });
    // With short-id permalinks the client holds the short form of the id.
    expect(await must('POST', 'follow', fan.token, { object_id: toShortId(q) })).toEqual({
      follows: 2,
      is_followed: true,
    });
  });

  it('refuses what cannot be followed: anonymous callers, answers, missing and deleted questions', async () => {
    const asker = await member();
    const fan = await member();
    const q = await ask(asker, 'A question that will not stay for long');
    const a = await answer(fan, q);

    expect((await stack.call('POST', `${API}/follow`, { body: { object_id: q } })).status).toBe(401);
    const onAnswer = await stack.call('POST', `${API}/follow`, { token: fan.token, body: { object_id: a } });
    expect(onAnswer.status).toBe(400);
    expect(onAnswer.body.data).toEqual([{ error_field: 'object_id', error_msg: expect.any(String) }]);
    const missing = await stack.call('POST', `${API}/follow`, {
      token: fan.token,
      body: { object_id: `${q.slice(0, -3)}999` },
    });
    expect(missing.status).toBe(404);
    const noId = await stack.call('POST', `${API}/follow`, { token: fan.token, body: { is_cancel: false } });
    expect(noId.status).toBe(400);

    await must('POST', 'follow', fan.token, { object_id: q });
    await must('DELETE', 'question', admin.token, { id: q });
    const deleted = await stack.call('POST', `${API}/follow`, { token: asker.token, body: { object_id: q } });
    expect(deleted.status).toBe(404);
    // A follower can still stop following it.
    expect(await must('POST', 'follow', fan.token, { object_id: q, is_cancel: true })).toMatchObject({
      is_followed: false,
    });
  });

  it('still sends a tag id to the tags service', async () => {
    const fan = await member();
    await ask(admin, 'A question that brings its tag into use', ['followable']);
    await stack.settle();
    const tag = await must('GET', 'tag?name=followable');
    expect(await must('POST', 'follow', fan.token, { object_id: tag.tag_id, is_cancel: false })).toEqual({
      follows: 1,
      is_followed: true,
    });
  });
});

describe('revisions/edit/check?id= before the editor opens', () => {
  it('answers null to the author, and to a member with the edit privilege', async () => {
    const author = await member();
    const editor = await member({ reputation: 150 });
    const q = await ask(author, 'May I open the editor of this question?');
    const a = await answer(author, q);
    for (const id of [q, a, toShortId(q), toShortId(a)]) {
      for (const who of [author, editor]) {
        const checked = await stack.call('GET', `${API}/revisions/edit/check?id=${id}`, { token: who.token });
        expect(checked.status, id).toBe(200);
        expect(checked.body.data).toBeNull();
      }
    }
  });

  it('refuses a member without the edit privilege (403), anonymous callers (401) and unknown posts (404)', async () => {
    const author = await member();
    const newcomer = await member();
    const q = await ask(author, 'Not everyone may edit this question');
    const a = await answer(author, q);
    for (const id of [q, a]) {
      const refused = await stack.call('GET', `${API}/revisions/edit/check?id=${id}`, { token: newcomer.token });
      expect(refused.status).toBe(403);
      expect(refused.body.reason).toBe('base.forbidden_error');
      expect((await stack.call('GET', `${API}/revisions/edit/check?id=${id}`)).status).toBe(401);
    }
    const missing = await stack.call('GET', `${API}/revisions/edit/check?id=${q.slice(0, -3)}999`, {
      token: author.token,
    });
    expect(missing.status).toBe(404);
    const empty = await stack.call('GET', `${API}/revisions/edit/check`, { token: author.token });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual([{ error_field: 'id', error_msg: expect.any(String) }]);
  });

  it('answers 400 with a toast while a suggested edit waits for review, even to the author', async () => {
    const author = await member();
    const suggester = await member({ reputation: 150 });
    const q = await ask(author, 'A question with an edit waiting for review');
    const a = await answer(author, q, 'An answer that somebody will suggest an edit to.');
    const suggested = await must('PUT', 'question', suggester.token, {
      id: q,
      title: 'A question with an edit waiting for review, improved',
      content: 'The body of the question, made clearer by a suggested edit.',
      tags: [{ slug_name: 'wire' }],
    });
    expect(suggested.wait_for_review).toBe(true);
    expect(
      (await must('PUT', 'answer', suggester.token, { id: a, content: 'An answer improved by a suggestion.' }))
        .wait_for_review,
    ).toBe(true);
    for (const id of [q, a]) {
      for (const who of [author, suggester, admin]) {
        const blocked = await stack.call('GET', `${API}/revisions/edit/check?id=${id}`, { token: who.token });
        expect(blocked.status).toBe(400);
        expect(blocked.body).toMatchObject({
          reason: 'error.revision.review_underway',
          msg: 'An edit of this post is waiting for review.',
          data: { err_type: 'toast' },
        });
      }
    }
  });

  it("checks a tag's edit in the tags service: the privilege, then a waiting suggestion", async () => {
    await ask(admin, 'A question that brings another tag into use', ['checkable']);
    await stack.settle();
    const tag = await must('GET', 'tag?name=checkable');
    const newcomer = await member();
    const editor = await member({ reputation: 100 });
    const url = `${API}/revisions/edit/check?id=${tag.tag_id}`;
    expect((await stack.call('GET', url, { token: newcomer.token })).status).toBe(403);
    expect((await stack.call('GET', url, { token: editor.token })).body).toMatchObject({ code: 200, data: null });
    const suggested = await must('PUT', 'tag', editor.token, {
      tag_id: tag.tag_id,
      original_text: 'What the checkable tag is about.',
    });
    expect(suggested.wait_for_review).toBe(true);
    const blocked = await stack.call('GET', url, { token: admin.token });
    expect(blocked.status).toBe(400);
    expect(blocked.body).toMatchObject({ reason: 'error.revision.review_underway', data: { err_type: 'toast' } });
  });
});
