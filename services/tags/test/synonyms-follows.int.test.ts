import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ask, createTag, getTag, type Member, member, moderator, setTagSettings, tagsStack } from './support';

let stack: Stack;
let mod: Member;
let curator: Member;
let asker: Member;
let javascript: { tag_id: string };
let python: { tag_id: string };

const setSynonyms = (token: string | undefined, tagId: string, slugs: (string | Record<string, string>)[]) =>
  stack.call('PUT', `${API}/tag/synonym`, {
    token,
    body: { tag_id: tagId, synonym_tag_list: slugs.map((s) => (typeof s === 'string' ? { slug_name: s } : s)) },
  });
const synonyms = (tagId: string, token?: string) => stack.call('GET', `${API}/tag/synonyms?tag_id=${tagId}`, { token });

beforeAll(async () => {
  stack = await tagsStack();
  mod = await moderator(stack);
  curator = await member(stack, { rank: 10_000 });
  asker = await member(stack);
  javascript = await createTag(stack, mod.token, { slug_name: 'javascript', display_name: 'JavaScript' });
  python = await createTag(stack, mod.token, { slug_name: 'python', display_name: 'Python' });
  await createTag(stack, mod.token, { slug_name: 'ecmascript', display_name: 'ECMAScript' });
  await stack.settle();
});
afterAll(async () => {
  await stack?.close();
});

describe('synonyms', () => {
  it('sets synonyms, creating tags for new slugs, and reads them back', async () => {
    const set = await setSynonyms(curator.token, javascript.tag_id, [
      { slug_name: 'JS', display_name: 'js' },
      'ecmascript',
      'js',
    ]);
    expect(set.body).toMatchObject({ code: 200, data: null });
    const list = await synonyms(javascript.tag_id, curator.token);
    expect(list.body.data).toEqual({
      member_actions: [{ action: 'edit', name: 'Edit', type: 'edit' }],
      synonyms: [
        {
          tag_id: expect.any(String),
          slug_name: 'ecmascript',
          display_name: 'ECMAScript',
          main_tag_slug_name: 'javascript',
        },
        { tag_id: expect.any(String), slug_name: 'js', display_name: 'js', main_tag_slug_name: 'javascript' },
      ],
    });
    expect((await synonyms(javascript.tag_id)).body.data.member_actions).toEqual([]);
    const js = (await getTag(stack, 'js')).body.data;
    expect(js).toMatchObject({ slug_name: 'js', main_tag_slug_name: 'javascript', status: 'available' });
    // Asked about a synonym, the answer is its main tag.
    expect((await synonyms(js.tag_id)).body.data.synonyms).toEqual([
      { tag_id: javascript.tag_id, slug_name: 'javascript', display_name: 'JavaScript', main_tag_slug_name: '' },
    ]);
    const page = await stack.call('GET', `${API}/tags/page?query_cond=name`);
    expect(page.body.data.list.map((t: { slug_name: string }) => t.slug_name)).toEqual(['javascript', 'python']);
    expect(page.body.data.count).toBe(2);
  });

  it('replaces the list, releasing the synonyms left out', async () => {
    expect((await setSynonyms(curator.token, javascript.tag_id, ['js'])).status).toBe(200);
    expect(
      (await synonyms(javascript.tag_id)).body.data.synonyms.map((s: { slug_name: string }) => s.slug_name),
    ).toEqual(['js']);
    expect((await getTag(stack, 'ecmascript')).body.data.main_tag_slug_name).toBe('');
    const page = await stack.call('GET', `${API}/tags/page?query_cond=name`);
    expect(page.body.data.list.map((t: { slug_name: string }) => t.slug_name)).toEqual([
      'ecmascript',
      'javascript',
      'python',
    ]);
    expect(page.body.data.count).toBe(3);
  });

  it('refuses loops and chains of synonyms', async () => {
    const self = await setSynonyms(curator.token, javascript.tag_id, ['JavaScript']);
    expect(self.status).toBe(400);
    expect(self.body.data).toEqual([
      { error_field: 'synonym_tag_list', error_msg: 'A tag cannot be a synonym of itself.' },
    ]);
    const js = (await getTag(stack, 'js')).body.data;
    const onSynonym = await setSynonyms(curator.token, js.tag_id, ['es6']);
    expect(onSynonym.body).toMatchObject({ msg: 'This tag is a synonym; set synonyms on its main tag instead.' });
    expect((await getTag(stack, 'es6')).status).toBe(404);
    const taken = await setSynonyms(curator.token, python.tag_id, ['js']);
    expect(taken.body.data).toEqual([
      { error_field: 'synonym_tag_list', error_msg: 'The tag "js" is already a synonym of another tag.' },
    ]);
    const withOwn = await setSynonyms(curator.token, python.tag_id, ['javascript']);
    expect(withOwn.body.data[0].error_msg).toBe(
      'The tag "javascript" has synonyms of its own and cannot become a synonym.',
    );
    const bad = await setSynonyms(curator.token, python.tag_id, ['no way']);
    expect(bad.status).toBe(200);
    expect((await getTag(stack, 'no-way')).body.data.main_tag_slug_name).toBe('python');
    const invalid = await setSynonyms(curator.token, python.tag_id, ['what?']);
    expect(invalid.body.data).toEqual([
      {
        error_field: 'synonym_tag_list',
        error_msg: 'The tag "what?" may use only a-z, 0-9, +, #, - and ., up to 35 characters.',
      },
    ]);
    expect((await setSynonyms(curator.token, python.tag_id, [])).status).toBe(200);
  });

  it('checks input and the tag.synonym privilege', async () => {
    const missing = await stack.call('PUT', `${API}/tag/synonym`, { token: curator.token, body: {} });
    expect(missing.body.data).toEqual([
      { error_field: 'tag_id', error_msg: 'Tag ID cannot be empty.' },
      { error_field: 'synonym_tag_list', error_msg: 'Synonym tag list cannot be empty.' },
    ]);
    const long = await setSynonyms(curator.token, python.tag_id, [
      { slug_name: 'x'.repeat(36), display_name: 'y'.repeat(36) },
    ]);
    expect(long.body.data).toEqual([
      { error_field: 'synonym_tag_list.slug_name', error_msg: 'Slug name must be at most 35 characters.' },
      { error_field: 'synonym_tag_list.display_name', error_msg: 'Display name must be at most 35 characters.' },
    ]);
    expect((await setSynonyms(undefined, python.tag_id, ['py'])).status).toBe(401);
    const low = await setSynonyms(asker.token, python.tag_id, ['py']);
    expect(low.status).toBe(403);
    expect(low.body.msg).toBe('You need at least 10000 reputation to do this.');
    expect((await setSynonyms(curator.token, '10039999999999999999999', ['py'])).status).toBe(404);
    expect((await synonyms('10039999999999999999999')).status).toBe(404);
    expect((await stack.call('GET', `${API}/tag/synonyms`)).body.data).toEqual([
      { error_field: 'tag_id', error_msg: 'Tag ID cannot be empty.' },
    ]);
  });
});

describe('asking with a synonym', () => {
  it("lists questions filed under a tag before it became a synonym with its main tag's questions", async () => {
    const rust = await createTag(stack, mod.token, { slug_name: 'rust', display_name: 'Rust' });
    await createTag(stack, mod.token, { slug_name: 'rustlang', display_name: 'rustlang' });
    await stack.settle();
    const early = await ask(stack, mod.token, ['rustlang'], 'Filed under rustlang before the synonym existed');
    const main = await ask(stack, mod.token, ['rust'], 'Filed under rust itself');
    const listed = async (tag: string) =>
      (await stack.call('GET', `${API}/question/page?order=newest&tag=${tag}`)).body.data.list.map(
        (x: { id: string }) => x.id,
      );
    expect(await listed('rust')).toEqual([main.id]);
    expect((await setSynonyms(curator.token, rust.tag_id, ['rustlang'])).status).toBe(200);
    await stack.settle();
    expect((await listed('rust')).sort()).toEqual([early.id, main.id].sort());
    expect((await listed('rustlang')).sort()).toEqual([early.id, main.id].sort());
  });

  it('files the question under the main tag, with its display name, listed under the main tag', async () => {
    const q = await ask(stack, asker.token, ['JS', 'javascript'], 'How do closures capture variables?');
    expect(q.tags).toEqual([
      {
        slug_name: 'javascript',
        display_name: 'JavaScript',
        main_tag_slug_name: '',
        recommend: false,
        reserved: false,
      },
    ]);
    const listed = await stack.call('GET', `${API}/question/page?order=newest&tag=javascript`);
    expect(listed.body.data.list.map((x: { id: string }) => x.id)).toContain(q.id);
    await stack.settle();
    expect((await getTag(stack, 'javascript')).body.data.question_count).toBe(1);
    expect((await getTag(stack, 'js')).body.data.question_count).toBe(0);

    const edited = await stack.call('PUT', `${API}/question`, {
      token: asker.token,
      body: {
        id: q.id,
        title: q.title,
        content: 'Edited body of the question.',
        tags: [{ slug_name: 'js' }, { slug_name: 'python' }],
      },
    });
    expect(edited.status).toBe(200);
    const detail = await stack.call('GET', `${API}/question/info?id=${q.id}`);
    expect(detail.body.data.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual(['javascript', 'python']);
  });

  it('lets a synonym of a recommended tag satisfy the required-tag switch', async () => {
    await setTagSettings(stack, {
      required_tag: true,
      recommend_tags: [{ slug_name: 'javascript', display_name: 'JavaScript' }],
    });
    const refused = await stack.call('POST', `${API}/question`, {
      token: asker.token,
      body: { title: 'Only a python question', content: 'Some body text here.', tags: [{ slug_name: 'python' }] },
    });
    expect(refused.body.data).toEqual([{ error_field: 'tags', error_msg: 'Choose at least one recommended tag.' }]);
    const q = await ask(stack, asker.token, ['python', 'js'], 'A question with a recommended synonym');
    expect(q.tags).toMatchObject([
      { slug_name: 'python', recommend: false },
      { slug_name: 'javascript', recommend: true },
    ]);
    await setTagSettings(stack, {});
  });

  it('asks for tag.add for a deleted tag, as for a new one', async () => {
    const gone = await createTag(stack, mod.token, { slug_name: 'gone' });
    await stack.call('DELETE', `${API}/tag`, { token: mod.token, body: { tag_id: gone.tag_id } });
    await stack.settle();
    const refused = await stack.call('POST', `${API}/question`, {
      token: asker.token,
      body: { title: 'Using a deleted tag', content: 'Some body text here.', tags: [{ slug_name: 'gone' }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      data: { err_type: 'toast' },
      msg: 'You need more reputation to create the new tag "gone".',
    });
  });
});

describe('following tags', () => {
  it('follows and unfollows one tag, counting followers', async () => {
    const follow = (token: string | undefined, objectId: string, cancel = false) =>
      stack.call('POST', `${API}/follow`, { token, body: { object_id: objectId, is_cancel: cancel } });
    expect((await follow(asker.token, python.tag_id)).body.data).toEqual({ follows: 1, is_followed: true });
    expect((await follow(asker.token, python.tag_id)).body.data).toEqual({ follows: 1, is_followed: true });
    expect((await follow(mod.token, python.tag_id)).body.data).toEqual({ follows: 2, is_followed: true });
    expect((await follow(mod.token, python.tag_id, true)).body.data).toEqual({ follows: 1, is_followed: false });
    expect((await getTag(stack, 'python', asker.token)).body.data).toMatchObject({
      follow_count: 1,
      is_follower: true,
    });
    // A synonym is followed as its main tag.
    const js = (await getTag(stack, 'js')).body.data;
    expect((await follow(asker.token, js.tag_id)).body.data).toEqual({ follows: 1, is_followed: true });
    expect((await getTag(stack, 'javascript', asker.token)).body.data.is_follower).toBe(true);
    expect((await follow(undefined, python.tag_id)).status).toBe(401);
    expect((await follow(asker.token, '10039999999999999999999')).status).toBe(404);
    // The gateway sends only tag ids to tags; the service still checks what reaches it.
    const direct = async (body: unknown) =>
      (
        await stack.service('tags').app.inject({
          method: 'POST',
          url: `${API}/follow`,
          headers: { authorization: asker.token, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
      ).json();
    // (The label of `object_id` is shared with other services' routes; the message's form is what counts.)
    expect((await direct({})).data).toEqual([
      { error_field: 'object_id', error_msg: expect.stringMatching(/^Object (id|ID) cannot be empty\.$/) },
    ]);
    expect((await direct({ object_id: '10010000000000000000001' })).data).toEqual([
      { error_field: 'object_id', error_msg: expect.stringMatching(/^Object (id|ID) is invalid\.$/) },
    ]);
    expect((await direct({ object_id: python.tag_id, is_cancel: 'maybe' })).data).toEqual([
      { error_field: 'is_cancel', error_msg: 'Is cancel is invalid.' },
    ]);
  });

  it('lists the followed tags and replaces the list at once', async () => {
    const following = await stack.call('GET', `${API}/tags/following`, { token: asker.token });
    expect(following.body.data).toEqual([
      {
        tag_id: javascript.tag_id,
        slug_name: 'javascript',
        display_name: 'JavaScript',
        main_tag_slug_name: '',
        recommend: false,
        reserved: false,
      },
      {
        tag_id: python.tag_id,
        slug_name: 'python',
        display_name: 'Python',
        main_tag_slug_name: '',
        recommend: false,
        reserved: false,
      },
    ]);
    const replaced = await stack.call('PUT', `${API}/follow/tags`, {
      token: asker.token,
      body: { slug_name_list: ['Python', 'ecmascript', 'unknown-tag', 'js'] },
    });
    expect(replaced.body).toMatchObject({ code: 200, data: null });
    const after = await stack.call('GET', `${API}/tags/following`, { token: asker.token });
    expect(after.body.data.map((t: { slug_name: string }) => t.slug_name)).toEqual([
      'ecmascript',
      'javascript',
      'python',
    ]);
    await stack.call('PUT', `${API}/follow/tags`, { token: asker.token, body: { slug_name_list: ['python'] } });
    expect((await getTag(stack, 'javascript')).body.data.follow_count).toBe(0);
    expect((await getTag(stack, 'python')).body.data.follow_count).toBe(1);
    expect((await stack.call('GET', `${API}/tags/following`)).body.data).toEqual([]);
  });

  it('checks the list and who may follow', async () => {
    const put = (token: string | undefined, body: unknown) => stack.call('PUT', `${API}/follow/tags`, { token, body });
    expect((await put(undefined, { slug_name_list: [] })).status).toBe(401);
    const inactive = await member(stack, { activated: false });
    expect((await put(inactive.token, { slug_name_list: [] })).body.data).toEqual({ type: 'inactive' });
    expect((await put(asker.token, {})).body.data).toEqual([
      { error_field: 'slug_name_list', error_msg: 'Slug name list cannot be empty.' },
    ]);
    const invalid = await put(asker.token, { slug_name_list: ['ok', 'not ok!'] });
    expect(invalid.body.data[0]).toMatchObject({ error_field: 'slug_name_list' });
    const long = await put(asker.token, { slug_name_list: ['x'.repeat(36)] });
    expect(long.body.data).toEqual([
      { error_field: 'slug_name_list', error_msg: 'Slug name list must be at most 35 characters.' },
    ]);
  });
});
