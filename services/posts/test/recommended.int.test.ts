/**
 * `question/recommend/page` (issue 42 item 5): the questions a member follows, then those under the tags they follow
 * (a tag's synonyms included) that they neither asked nor answered; available and shown only; followed first, then
 * pinned, then newest; the question list's rows; 401 for anonymous visitors, an empty page without follows.
 */
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

const API = '/answer/api/v1';
let stack: Stack;
let me: string;
let other: string;
let mod: string;
let newcomer: string;
const q: Record<string, string> = {};

async function call(method: string, path: string, token: string | undefined, body?: unknown) {
  const response = await stack.call(method, `${API}/${path}`, { token, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
}
const ask = async (token: string, title: string, tags: string[]) =>
  (
    await call('POST', 'question', token, {
      title,
      content: 'The body of a question about recommendations.',
      tags: tags.map((slug_name) => ({ slug_name })),
    })
  ).id as string;
const recommended = (token: string | undefined, query = '') =>
  stack.call('GET', `${API}/question/recommend/page${query}`, { token });
const idsOf = (page: { list: { id: string }[] }) => page.list.map((row) => row.id);

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService, tagsService] });
  const [meUser, otherUser, modUser, newUser] = [
    await createUser(stack, { name: 'Recommended Reader' }),
    await createUser(stack, { name: 'Other Asker' }),
    await createUser(stack, { roleId: Role.moderator }),
    await createUser(stack, { name: 'New Member' }),
  ];
  await stack.settle();
  [me, other, mod, newcomer] = [
    await login(stack, meUser),
    await login(stack, otherUser),
    await login(stack, modUser),
    await login(stack, newUser),
  ];
  for (const slug of ['rust', 'go', 'python', 'rs']) {
    await call('POST', 'tag', mod, { slug_name: slug, display_name: slug });
  }
  // In the order asked (oldest first).
  q.followed = await ask(other, 'A followed question about goroutines', ['go']);
  q.tagOld = await ask(other, 'An older question about the borrow checker', ['rust']);
  q.pinned = await ask(other, 'A pinned question about lifetimes', ['rust']);
  q.synonym = await ask(other, 'A question filed under a synonym', ['rs']);
  q.tagNew = await ask(other, 'A newer question about traits', ['rust']);
  q.closed = await ask(other, 'A closed question about macros', ['rust']);
  q.hidden = await ask(other, 'A hidden question about unsafe code', ['rust']);
  q.deleted = await ask(other, 'A deleted question about cargo', ['rust']);
  q.answered = await ask(other, 'A question the member answered', ['rust']);
  q.mine = await ask(me, 'A question the member asked', ['rust']);
  q.otherTag = await ask(other, 'A question under a tag nobody follows', ['python']);
  q.followedAnswered = await ask(other, 'A followed question the member answered', ['python']);
  await call('PUT', 'question/operation', mod, { id: q.pinned, operation: 'pin' });
  await call('PUT', 'question/status', mod, { id: q.closed, close_type: 1, close_msg: 'off topic' });
  await call('PUT', 'question/operation', mod, { id: q.hidden, operation: 'hide' });
  await call('DELETE', 'question', mod, { id: q.deleted });
  for (const id of [q.answered, q.followedAnswered]) {
    await call('POST', 'answer', me, { question_id: id, content: 'An answer written by the member themselves.' });
  }
  for (const id of [q.followed, q.followedAnswered]) {
    await call('POST', 'follow', me, { object_id: id, is_cancel: false });
  }
  // `rs` becomes a synonym of `rust` after a question was filed under it.
  await call('PUT', 'tag/synonym', mod, {
    tag_id: (await tagId('rust')) as string,
    synonym_tag_list: [{ slug_name: 'rs' }],
  });
  await call('PUT', 'follow/tags', me, { slug_name_list: ['rust'] });
  await stack.settle();
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

async function tagId(slug: string) {
  return (await call('GET', `tag?name=${slug}`, undefined)).tag_id;
}

describe('question/recommend/page', () => {
  it('lists followed questions first, then pinned, then newest, leaving out what the member should not see', async () => {
    const page = (await recommended(me)).body.data;
    expect(idsOf(page)).toEqual([q.followedAnswered, q.followed, q.pinned, q.tagNew, q.synonym, q.tagOld]);
    expect(page.count).toBe(6);
  });

  it('answers rows shaped as the question list’s, each an asking', async () => {
    const page = (await recommended(me)).body.data;
    const list = (await call('GET', 'question/page?order=newest&tag=rust', undefined)).list as { id: string }[];
    const row = page.list.find((r: { id: string }) => r.id === q.tagNew);
    expect(row).toEqual(list.find((r) => r.id === q.tagNew));
    expect(row).toMatchObject({ operation_type: 'asked', tags: [{ slug_name: 'rust' }] });
  });

  it('pages, counting every question it recommends', async () => {
    const second = (await recommended(me, '?page=2&page_size=2')).body.data;
    expect(second).toMatchObject({ count: 6 });
    expect(idsOf(second)).toEqual([q.pinned, q.tagNew]);
    expect((await recommended(me, '?page=9&page_size=2')).body.data).toEqual({ count: 6, list: [] });
  });

  it('follows the member’s tag follows as they change', async () => {
    await call('PUT', 'follow/tags', me, { slug_name_list: [] });
    await stack.settle();
    expect(idsOf((await recommended(me)).body.data)).toEqual([q.followedAnswered, q.followed]);
    await call('PUT', 'follow/tags', me, { slug_name_list: ['rust'] });
    await stack.settle();
    expect((await recommended(me)).body.data.count).toBe(6);
  });

  it('is an empty page for a member who follows nothing', async () => {
    expect((await recommended(newcomer)).body).toMatchObject({ code: 200, data: { count: 0, list: [] } });
  });

  it('is refused to anonymous visitors (401), and checks its page parameters', async () => {
    expect((await recommended(undefined)).status).toBe(401);
    const bad = await recommended(me, '?page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ error_field: 'page', error_msg: expect.any(String) }]);
  });
});
