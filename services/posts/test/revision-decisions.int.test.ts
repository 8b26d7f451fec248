import { RevisionReviewed, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { connectDatabase, EventStore, migrateService, type ServiceDatabase } from '@agora/platform';
import { siteService } from '@agora/site';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

// Posts applies reviewers' decisions on suggested edits, which reach it as moderation's events. Until
// the moderation service runs, the test records those events in moderation's own log, as it would.
const API = '/answer/api/v1';
let stack: Stack;
let moderation: ServiceDatabase;
let asker: string;
let editor: TestUser;
let editorToken: string;
let reviewer: TestUser;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  moderation = connectDatabase({ url: stack.databaseUrl, schema: 'moderation', maxConnections: 1 });
  await migrateService(moderation, {});
  const author = await createUser(stack, { name: 'Question Author', roleId: Role.moderator });
  editor = await createUser(stack, { name: 'Suggesting Editor' });
  reviewer = await createUser(stack, { name: 'The Reviewer', roleId: Role.moderator });
  await stack.settle();
  asker = await login(stack, author);
  editorToken = await login(stack, editor);
  // Enough to suggest edits (question.edit), not to edit without review.
  await setReputation(stack, editor.id, 150);
});

afterAll(async () => {
  await moderation?.close();
  await stack?.close();
});

async function decide(objectType: 'question' | 'answer', objectId: string, revisionId: string, approved: boolean) {
  await new EventStore(moderation.db, 'moderation').append(
    `review-${revisionId}`,
    'any',
    [
      {
        type: RevisionReviewed.type,
        data: {
          revision_id: revisionId,
          object_id: objectId,
          object_type: objectType,
          decision: approved ? 'approved' : 'rejected',
          reviewer_id: reviewer.id,
        },
      },
    ],
    { actorId: reviewer.id },
  );
  await stack.settle();
}

async function askQuestion(title: string) {
  const asked = await stack.call('POST', `${API}/question`, {
    token: asker,
    body: { title, content: 'What the suggestion will change.', tags: [{ slug_name: 'reviews' }] },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return asked.body.data.id as string;
}

async function suggestTitle(questionId: string, title: string) {
  const edit = await stack.call('PUT', `${API}/question`, {
    token: editorToken,
    body: {
      id: questionId,
      title,
      content: 'What the suggestion will change.',
      tags: [{ slug_name: 'reviews' }],
      edit_summary: 'a better title',
    },
  });
  expect(edit.body.data?.wait_for_review, JSON.stringify(edit.body)).toBe(true);
  const revisions = (await stack.call('GET', `${API}/revisions?object_id=${questionId}`, { token: editorToken })).body
    .data as { id: string; status: number }[];
  const pending = revisions.find((r) => r.status === 1);
  expect(pending).toBeDefined();
  return pending!.id;
}

const info = async (id: string) => (await stack.call('GET', `${API}/question/info?id=${id}`)).body.data;

describe('decisions on suggested edits', () => {
  it('applies an approved suggestion as the editor’s edit', async () => {
    const id = await askQuestion('A title a reviewer will improve');
    const revisionId = await suggestTitle(id, 'A title the reviewer approved');
    expect((await info(id)).title).toBe('A title a reviewer will improve');

    await decide('question', id, revisionId, true);
    const after = await info(id);
    expect(after.title).toBe('A title the reviewer approved');
    expect(after.update_user_info.id).toBe(editor.id);
    const revisions = (await stack.call('GET', `${API}/revisions?object_id=${id}`, { token: asker })).body.data;
    expect(revisions.find((r: { id: string }) => r.id === revisionId).status).toBe(2);

    // The suggestion no longer blocks edits, and deciding it again changes nothing.
    await decide('question', id, revisionId, false);
    expect((await info(id)).title).toBe('A title the reviewer approved');
  });

  it('drops a rejected suggestion and takes edits again', async () => {
    const id = await askQuestion('A title that will stay as it is');
    const revisionId = await suggestTitle(id, 'A title the reviewer rejected');
    await decide('question', id, revisionId, false);
    expect((await info(id)).title).toBe('A title that will stay as it is');
    const revisions = (await stack.call('GET', `${API}/revisions?object_id=${id}`, { token: asker })).body.data;
    expect(revisions.find((r: { id: string }) => r.id === revisionId).status).toBe(3);
    const edited = await stack.call('PUT', `${API}/question`, {
      token: asker,
      body: {
        id,
        title: 'The author edits it afterwards',
        content: 'Now it can change.',
        tags: [{ slug_name: 'reviews' }],
      },
    });
    expect(edited.body.data).toEqual({ url_title: 'the-author-edits-it-afterwards', wait_for_review: false });
  });

  it('applies an approved suggestion to an answer', async () => {
    const id = await askQuestion('A question whose answer gets a suggestion');
    const answered = await stack.call('POST', `${API}/answer`, {
      token: asker,
      body: { question_id: id, content: 'The first wording of this answer.' },
    });
    const answerId = answered.body.data.info.id as string;
    const suggested = await stack.call('PUT', `${API}/answer`, {
      token: editorToken,
      body: { id: answerId, question_id: id, content: 'A clearer wording of this answer.', edit_summary: 'clearer' },
    });
    expect(suggested.body.data?.wait_for_review, JSON.stringify(suggested.body)).toBe(true);
    const revisions = (await stack.call('GET', `${API}/revisions?object_id=${answerId}`, { token: editorToken })).body
      .data as { id: string; status: number }[];
    await decide('answer', answerId, revisions.find((r) => r.status === 1)!.id, true);
    const answer = (await stack.call('GET', `${API}/answer/info?id=${answerId}`)).body.data;
    expect(answer.info.content).toBe('A clearer wording of this answer.');
  });
});
