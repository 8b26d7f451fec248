import { DUPLICATE_CLOSE_TYPE, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { rebuildInlineReadModel } from '@agora/platform';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsReadModel } from '../src/projections/posts/read-model';
import { postsFor, postsService } from '../src/service';

let stack: Stack;
const API = '/answer/api/v1';

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
});
afterAll(async () => {
  await stack?.close();
});

/** Every posts read-model table, rows in a stable order, with the serial activity ids left out. */
async function snapshot() {
  const tables: Record<string, string> = {
    questions: 'select * from posts.questions order by id',
    question_tags: 'select * from posts.question_tags order by tag_slug, question_id',
    known_tags: 'select * from posts.known_tags order by slug_name',
    answers: 'select * from posts.answers order by id',
    comments: 'select * from posts.comments order by id',
    revisions: 'select * from posts.revisions order by id',
    question_follows: 'select * from posts.question_follows order by question_id, user_id',
    question_links: 'select * from posts.question_links order by from_post_id, via, to_question_id, site',
    activity:
      'select event_id, object_id, original_object_id, activity_type, user_id, revision_id, comment, cancelled, created_at from posts.activity order by event_id',
    // Kept by triggers over rows spread by writer: their sums, which must equal the posts counted.
    post_status_counts:
      'select kind, status, sum(n)::int as n from posts.post_status_counts group by kind, status having sum(n) <> 0 order by 1, 2',
    counted: `select 'answer' as kind, status, count(*)::int as n from posts.answers group by status
              union all select 'question', status, count(*)::int from posts.questions group by status order by 1, 2`,
  };
  const result: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(tables)) result[name] = await stack.query(query);
  expect(result.post_status_counts).toEqual(result.counted);
  return result;
}

describe('posts read model', () => {
  it('rebuilt from zero, twice, equals the live read model', async () => {
    const moderator = await login(stack, await createUser(stack, { roleId: Role.moderator }));
    const member = await createUser(stack);
    const token = await login(stack, member);
    await stack.settle();
    const tags = [{ slug_name: 'replay' }, { slug_name: 'events' }];
    const q = (
      await stack.call('POST', `${API}/question`, {
        token: moderator,
        body: { title: 'What survives a replay?', content: 'Everything that is an event.', tags },
      })
    ).body.data;
    await stack.call('PUT', `${API}/question`, {
      token: moderator,
      body: {
        id: q.id,
        title: 'What survives a full replay?',
        content: 'Everything that is an event, in order.',
        tags,
        edit_summary: 'more precise',
      },
    });
    const a = (
      await stack.call('POST', `${API}/answer`, {
        token,
        body: { question_id: q.id, content: 'Counts of views too, now.' },
      })
    ).body.data.info;
    await stack.call('POST', `${API}/comment`, {
      token,
      body: { object_id: q.id, original_text: 'A comment on the question' },
    });
    await stack.call('POST', `${API}/answer/acceptance`, {
      token: moderator,
      body: { question_id: q.id, answer_id: a.id },
    });
    // Followed by both, then by the member only.
    await stack.call('POST', `${API}/follow`, { token, body: { object_id: q.id } });
    await stack.call('POST', `${API}/follow`, { token: moderator, body: { object_id: q.id } });
    await stack.call('POST', `${API}/follow`, { token: moderator, body: { object_id: q.id, is_cancel: true } });
    // Links to the question: from another question's body, edited, from an answer, and by a duplicate close.
    const linking = (
      await stack.call('POST', `${API}/question`, {
        token: moderator,
        body: { title: 'Which question links back?', content: `See /questions/${q.id} first.`, tags },
      })
    ).body.data;
    await stack.call('PUT', `${API}/question`, {
      token: moderator,
      body: {
        id: linking.id,
        title: 'Which question links back?',
        content: `See http://agora.test/questions/${q.id}/what-survives-a-full-replay first.`,
        tags,
        edit_summary: 'absolute link',
      },
    });
    await stack.call('POST', `${API}/answer`, {
      token,
      body: { question_id: linking.id, content: `The answer is at /questions/${q.id}` },
    });
    await stack.call('PUT', `${API}/question/status`, {
      token: moderator,
      body: { id: linking.id, close_type: DUPLICATE_CLOSE_TYPE, close_msg: `http://agora.test/questions/${q.id}` },
    });
    await stack.call('PUT', `${API}/question/operation`, { token: moderator, body: { id: q.id, operation: 'pin' } });
    await stack.call('PUT', `${API}/question/status`, {
      token: moderator,
      body: { id: q.id, close_type: 1, close_msg: 'Done' },
    });
    for (let i = 0; i < 3; i++)
      await stack.call('GET', `${API}/question/info?id=${q.id}`, { headers: { 'x-forwarded-for': `192.0.2.${i}` } });
    await postsFor(stack.service('posts')).views.flush();

    const live = await snapshot();
    expect(live.question_links).toHaveLength(3);
    const [question] = (live.questions ?? []) as { view_count: number; follow_count: number }[];
    expect(question?.view_count).toBe(3);
    expect(question?.follow_count).toBe(1);
    expect(live.question_follows).toHaveLength(1);
    const database = stack.service('posts').context.database;
    expect(await rebuildInlineReadModel(database, postsReadModel)).toBeGreaterThan(5);
    expect(await snapshot()).toEqual(live);
    await rebuildInlineReadModel(database, postsReadModel);
    expect(await snapshot()).toEqual(live);
  });

  it('removes all content of a user deleted with the option to remove it', async () => {
    const admin = await login(stack, await createUser(stack, { roleId: Role.admin }));
    const author = await createUser(stack);
    const token = await login(stack, author);
    const moderator = await login(stack, await createUser(stack, { roleId: Role.moderator }));
    // Until posts has projected the new members, it knows only their tokens' claims (no reputation).
    await stack.settle();
    const seed = await stack.call('POST', `${API}/question`, {
      token: moderator,
      body: { title: 'A question to answer', content: 'Seed body text', tags: [{ slug_name: 'events' }] },
    });
    expect(seed.status, JSON.stringify(seed.body)).toBe(200);
    const asked = await stack.call('POST', `${API}/question`, {
      token,
      body: { title: 'Soon to be removed', content: 'Body of the question', tags: [{ slug_name: 'events' }] },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const q = asked.body.data;
    const answered = await stack.call('POST', `${API}/answer`, {
      token,
      body: { question_id: seed.body.data.id, content: 'An answer that goes too' },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const a = answered.body.data.info;
    const c = (
      await stack.call('POST', `${API}/comment`, {
        token,
        body: { object_id: seed.body.data.id, original_text: 'A comment that goes too' },
      })
    ).body.data;

    await stack.call('PUT', '/answer/admin/api/user/status', {
      token: admin,
      body: { user_id: author.id, status: 'deleted', remove_all_content: true },
    });
    await stack.settle();
    const [question] = await stack.query('select status from posts.questions where id = $1', [q.id]);
    const [answer] = await stack.query('select status from posts.answers where id = $1', [a.id]);
    const [comment] = await stack.query('select status from posts.comments where id = $1', [c.comment_id]);
    expect([question.status, answer.status, comment.status]).toEqual([10, 10, 10]);
    expect((await stack.call('GET', `${API}/question/info?id=${seed.body.data.id}`)).body.data.answer_count).toBe(0);
  });
});
