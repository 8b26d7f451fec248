/**
 * Written text counted without its surrounding whitespace (docs/adr/0090-mail-per-recipient.md): a title, an answer,
 * a comment or a tag of spaces is refused with a 400 naming the field, as an empty one is, and nothing is written.
 */
import { Limits, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

const API = '/answer/api/v1';
let stack: Stack;
let token: string;
let questionId: string;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  const moderator = await login(stack, await createUser(stack, { roleId: Role.moderator }));
  token = await login(stack, await createUser(stack));
  // A moderator's question brings the tag into use for members.
  const seeded = await stack.call('POST', `${API}/question`, {
    token: moderator,
    body: { title: 'Seeding the tag for members', content: 'A body long enough.', tags: [{ slug_name: 'events' }] },
  });
  expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
  questionId = seeded.body.data.id;
});

afterAll(async () => {
  await stack?.close();
});

async function counts(): Promise<{ questions: number; answers: number; comments: number }> {
  const [row] = await stack.query(`select
      (select count(*)::int from posts.questions) as questions,
      (select count(*)::int from posts.answers) as answers,
      (select count(*)::int from posts.comments) as comments`);
  return row;
}

function expectRefused(response: { status: number; body: any }, field: string, message: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.reason).toBe('base.request_format_error');
  expect(response.body.data).toContainEqual({ error_field: field, error_msg: message });
}

const ask = (title: string, tag = 'events') =>
  stack.call('POST', `${API}/question`, {
    token,
    body: { title, content: 'A body long enough.', tags: [{ slug_name: tag }] },
  });

const MIN_TITLE = Limits.question.titleMinLength;

describe('text of spaces', () => {
  it('refuses a title of spaces as empty, and a padded short one as too short; nothing is asked', async () => {
    const before = await counts();
    expectRefused(await ask(' '.repeat(20)), 'title', 'Title cannot be empty.');
    expectRefused(await ask(`   ab${' '.repeat(10)}`), 'title', `Title must be at least ${MIN_TITLE} characters.`);
    expectRefused(await ask('\t\n  \u3000 \n'), 'title', 'Title cannot be empty.');
    expectRefused(await ask('A title of its own', '   '), 'tags.slug_name', 'Slug name cannot be empty.');
    const withAnswer = await stack.call('POST', `${API}/question/answer`, {
      token,
      body: {
        title: ' '.repeat(10),
        content: 'A body long enough.',
        tags: [{ slug_name: 'events' }],
        answer_content: `\n\n${' '.repeat(10)}\n`,
      },
    });
    expectRefused(withAnswer, 'title', 'Title cannot be empty.');
    expectRefused(withAnswer, 'answer_content', 'Answer content cannot be empty.');
    expect(await counts()).toEqual(before);
    // Text around spaces counts as text.
    expect((await ask(`  A real question title  `)).status).toBe(200);
  });

  it('refuses an edit to a title of spaces, and the question keeps its title', async () => {
    const edited = await stack.call('PUT', `${API}/question`, {
      token,
      body: { id: questionId, title: ' '.repeat(12), content: 'A body long enough.', tags: [{ slug_name: 'events' }] },
    });
    expectRefused(edited, 'title', 'Title cannot be empty.');
    const [row] = await stack.query('select title from posts.questions where id = $1', [questionId]);
    expect(row.title).toBe('Seeding the tag for members');
  });

  it('refuses an answer and a comment of spaces, and writes neither', async () => {
    const before = await counts();
    const answer = await stack.call('POST', `${API}/answer`, {
      token,
      body: { question_id: questionId, content: ' '.repeat(40) },
    });
    expectRefused(answer, 'content', 'Content cannot be empty.');
    const comment = await stack.call('POST', `${API}/comment`, {
      token,
      body: { object_id: questionId, original_text: ' '.repeat(10), mention_username_list: [] },
    });
    expectRefused(comment, 'original_text', 'Original text cannot be empty.');
    const padded = await stack.call('POST', `${API}/comment`, {
      token,
      body: { object_id: questionId, original_text: '   x   ', mention_username_list: [] },
    });
    expectRefused(padded, 'original_text', `Original text must be at least ${Limits.comment.minLength} characters.`);
    expect(await counts()).toEqual(before);
  });
});
