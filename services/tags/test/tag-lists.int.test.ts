import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ask, createTag, type Member, member, moderator, setTagSettings, tagsStack } from './support';

let stack: Stack;
let mod: Member;
let reader: Member;

const slugsOf = (list: { slug_name: string }[]) => list.map((t) => t.slug_name);
const page = (query: string, token?: string) => stack.call('GET', `${API}/tags/page?${query}`, { token });
const suggest = (tag: string, token = reader.token) =>
  stack.call('GET', `${API}/question/tags?tag=${encodeURIComponent(tag)}`, { token });

beforeAll(async () => {
  stack = await tagsStack();
  mod = await moderator(stack);
  reader = await member(stack);
  // Created oldest first: alpha, beta, gamma, delta, javascript, java, jq, ajax, deleted-one.
  for (const [slug, name] of [
    ['alpha', 'Alpha'],
    ['beta', 'Beta'],
    ['gamma', 'Gamma'],
    ['delta', 'Δέλτα'],
    ['javascript', 'JavaScript'],
    ['java', 'Java'],
    ['jq', 'jq'],
    ['ajax', 'AJAX calls'],
    ['deleted-one', 'Deleted'],
  ]) {
    await createTag(stack, mod.token, { slug_name: slug!, display_name: name, original_text: `About ${name}` });
  }
  // Popularity: gamma 3 questions, beta 2, alpha 1.
  await ask(stack, mod.token, ['gamma', 'beta', 'alpha']);
  await ask(stack, mod.token, ['gamma', 'beta']);
  await ask(stack, mod.token, ['gamma']);
  const deleted = (await stack.call('GET', `${API}/tag?name=deleted-one`)).body.data;
  await stack.call('DELETE', `${API}/tag`, { token: mod.token, body: { tag_id: deleted.tag_id } });
  // js stands for javascript.
  const javascript = (await stack.call('GET', `${API}/tag?name=javascript`)).body.data;
  const set = await stack.call('PUT', `${API}/tag/synonym`, {
    token: mod.token,
    body: { tag_id: javascript.tag_id, synonym_tag_list: [{ slug_name: 'js' }, { slug_name: 'ecmascript' }] },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  await stack.settle();
});
afterAll(async () => {
  await stack?.close();
});

describe('the tag page', () => {
  it('lists main tags that are not deleted, most used first by default', async () => {
    const popular = await page('page=1&page_size=3');
    expect(popular.status).toBe(200);
    expect(popular.body.data.count).toBe(8);
    expect(slugsOf(popular.body.data.list)).toEqual(['gamma', 'beta', 'alpha']);
    expect(popular.body.data.list[0]).toMatchObject({
      slug_name: 'gamma',
      display_name: 'Gamma',
      question_count: 3,
      follow_count: 0,
      is_follower: false,
      description: 'About Gamma',
      excerpt: 'About Gamma',
      original_text: 'About Gamma',
      parsed_text: '<p>About Gamma</p>\n',
      recommend: false,
      reserved: false,
    });
    expect(Object.keys(popular.body.data.list[0]).sort()).toEqual(
      [
        'created_at',
        'description',
        'display_name',
        'excerpt',
        'follow_count',
        'is_follower',
        'original_text',
        'parsed_text',
        'question_count',
        'recommend',
        'reserved',
        'slug_name',
        'tag_id',
        'updated_at',
      ].sort(),
    );
  });

  it('sorts by name and by newest, pages through, and filters on slug or display name', async () => {
    const byName = await page('query_cond=name&page_size=100');
    expect(slugsOf(byName.body.data.list)).toEqual([
      'ajax',
      'alpha',
      'beta',
      'delta',
      'gamma',
      'java',
      'javascript',
      'jq',
    ]);
    const newest = await page('query_cond=newest&page_size=2');
    expect(slugsOf(newest.body.data.list)).toEqual(['ajax', 'jq']);
    const second = await page('query_cond=newest&page_size=2&page=2');
    expect(slugsOf(second.body.data.list)).toEqual(['java', 'javascript']);
    const beyond = await page('query_cond=name&page_size=5&page=3');
    expect(beyond.body.data).toEqual({ count: 8, list: [] });
    const filtered = await page('query_cond=name&slug_name=JA');
    expect(filtered.body.data.count).toBe(3);
    expect(slugsOf(filtered.body.data.list)).toEqual(['ajax', 'java', 'javascript']);
    const byDisplay = await page(`query_cond=name&slug_name=${encodeURIComponent('δέλ')}`);
    expect(slugsOf(byDisplay.body.data.list)).toEqual(['delta']);
    const literal = await page('slug_name=%25');
    expect(literal.body.data).toEqual({ count: 0, list: [] });
  });

  it('marks the tags the viewer follows, and recommended and reserved ones', async () => {
    await stack.call('PUT', `${API}/follow/tags`, { token: reader.token, body: { slug_name_list: ['beta'] } });
    await setTagSettings(stack, {
      recommend_tags: [{ slug_name: 'alpha', display_name: 'Alpha' }],
      reserved_tags: [{ slug_name: 'gamma', display_name: 'Gamma' }],
    });
    const list = (await page('query_cond=popular', reader.token)).body.data.list as Record<string, unknown>[];
    const bySlug = Object.fromEntries(list.map((t) => [t.slug_name, t]));
    expect(bySlug.beta).toMatchObject({ is_follower: true, follow_count: 1 });
    expect(bySlug.alpha).toMatchObject({ is_follower: false, recommend: true, reserved: false });
    expect(bySlug.gamma).toMatchObject({ recommend: false, reserved: true });
    expect((await page('query_cond=popular')).body.data.list[1]).toMatchObject({
      slug_name: 'beta',
      is_follower: false,
    });
    await setTagSettings(stack, {});
  });

  it('validates the query', async () => {
    const bad = await page(`page=0&page_size=101&query_cond=hot&slug_name=${'x'.repeat(36)}`);
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([
      { error_field: 'page', error_msg: 'Page must be at least 1.' },
      { error_field: 'page_size', error_msg: 'Page size must be at most 100.' },
      { error_field: 'query_cond', error_msg: 'Query cond is invalid.' },
      { error_field: 'slug_name', error_msg: 'Slug name must be at most 35 characters.' },
    ]);
    expect((await page('page=abc')).body.data).toEqual([{ error_field: 'page', error_msg: 'Page is invalid.' }]);
  });
});

describe('tags by slug names', () => {
  it('answers the live tags asked for, in order, any case, with synonyms as their main tag', async () => {
    const found = await stack.call(
      'GET',
      `${API}/tags?tags=BETA&tags=js&tags=unknown&tags=deleted-one&tags=javascript`,
    );
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([
      { tag_id: expect.any(String), slug_name: 'beta', display_name: 'Beta', recommend: false, reserved: false },
      {
        tag_id: expect.any(String),
        slug_name: 'javascript',
        display_name: 'JavaScript',
        recommend: false,
        reserved: false,
      },
    ]);
    const commas = await stack.call('GET', `${API}/tags?tags=alpha,gamma`);
    expect(slugsOf(commas.body.data)).toEqual(['alpha', 'gamma']);
    expect((await stack.call('GET', `${API}/tags`)).body.data).toEqual([]);
    const tooLong = await stack.call('GET', `${API}/tags?tags=${'a'.repeat(401)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data[0].error_field).toBe('tags');
  });
});

describe('suggestions while asking', () => {
  it('answers at most 5, prefix matches before contains matches, semicolons stripped', async () => {
    const ja = await suggest('ja');
    expect(ja.status).toBe(200);
    expect(slugsOf(ja.body.data)).toEqual(['java', 'javascript', 'ajax']);
    expect(ja.body.data[0]).toEqual({
      tag_id: expect.any(String),
      slug_name: 'java',
      display_name: 'Java',
      recommend: false,
      reserved: false,
    });
    expect(slugsOf((await suggest(';j;a;')).body.data)).toEqual(['java', 'javascript', 'ajax']);
    const a = await suggest('a');
    expect(a.body.data).toHaveLength(5);
    expect(slugsOf(a.body.data).slice(0, 2)).toEqual(['alpha', 'ajax']);
    expect(slugsOf(a.body.data)).not.toContain('deleted-one');
  });

  it('matches display names too, and puts an exact match first', async () => {
    expect(slugsOf((await suggest('AJAX C')).body.data)).toEqual(['ajax']);
    expect(slugsOf((await suggest('jq')).body.data)).toEqual(['jq']);
    expect(slugsOf((await suggest('java')).body.data)).toEqual(['java', 'javascript']);
    expect(slugsOf((await suggest('δ')).body.data)).toEqual(['delta']);
    expect((await suggest('%')).body.data).toEqual([]);
  });

  it('suggests a synonym as its main tag, once', async () => {
    expect(slugsOf((await suggest('js')).body.data)).toEqual(['javascript']);
    expect(slugsOf((await suggest('script')).body.data)).toEqual(['javascript']);
  });

  it('offers the recommended tags when nothing is typed', async () => {
    expect((await suggest('')).body.data).toEqual([]);
    await setTagSettings(stack, {
      recommend_tags: [
        { slug_name: 'beta', display_name: 'Beta' },
        { slug_name: 'not-a-tag', display_name: 'Nope' },
        { slug_name: 'alpha', display_name: 'Alpha' },
      ],
    });
    const offered = (await suggest(';')).body.data;
    expect(slugsOf(offered)).toEqual(['beta', 'alpha']);
    expect(offered[0].recommend).toBe(true);
    await setTagSettings(stack, {});
  });

  it('is for activated members, and checks its input', async () => {
    expect((await stack.call('GET', `${API}/question/tags?tag=ja`)).status).toBe(401);
    const inactive = await member(stack, { activated: false });
    expect((await suggest('ja', inactive.token)).status).toBe(403);
    const long = await suggest('x'.repeat(101));
    expect(long.body.data).toEqual([{ error_field: 'tag', error_msg: 'Tag must be at most 100 characters.' }]);
  });
});
