/**
 * `tag/merge` end to end (issue 42 item 5): who may merge, what a refusal leaves (everything as it was), and what a
 * merge changes in every service that lists tags of questions or follows of tags: the tags (synonyms, counts,
 * follows, timeline), posts (questions' tags, the tag's list, filing by the merged name), search, votes'
 * bookmarks page and moderation's flag list.
 */

import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { moderationService } from '@agora/moderation';
import { postsService } from '@agora/posts';
import { searchService } from '@agora/search';
import { searchFor } from '@agora/search/service';
import { siteService } from '@agora/site';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagsService } from '../src/service';
import { API, ask, createTag, getTag, type Member, member, moderator } from './support';

let stack: Stack;
let mod: Member;
let admin: Member;
let asker: Member;
let follower: Member;
let both: Member;
let plain: Member;
const ids: Record<string, string> = {};
const questions: Record<string, string> = {};

const merge = (token: string | undefined, body: Record<string, unknown>) =>
  stack.call('POST', `${API}/tag/merge`, { token, body });
const slugsOf = (tags: { slug_name: string }[]) => tags.map((t) => t.slug_name);
const questionTags = async (id: string) =>
  slugsOf((await stack.call('GET', `${API}/question/info?id=${id}`, { token: mod.token })).body.data.tags);
const following = async (who: Member) =>
  slugsOf((await stack.call('GET', `${API}/tags/following`, { token: who.token })).body.data);
const synonyms = async (tagId: string) =>
  slugsOf((await stack.call('GET', `${API}/tag/synonyms?tag_id=${tagId}`)).body.data.synonyms);

/** Waits for every projection and saga, and for search's index to take what they changed. */
async function settled() {
  await stack.settle();
  await stack.settle();
  const search = searchFor(stack.service('search'));
  await search.runningFeeder?.drain();
  await (await search.index()).refresh();
}

/** What a merge may change, read through the API as the members see it. */
async function snapshot() {
  const tag = async (slug: string) => {
    const d = (await getTag(stack, slug)).body.data;
    return { main: d.main_tag_slug_name, questions: d.question_count, followers: d.follow_count };
  };
  return {
    tags: { js: await tag('js'), javascript: await tag('javascript'), ecmascript: await tag('ecmascript') },
    synonyms: { js: await synonyms(ids.js!), javascript: await synonyms(ids.javascript!) },
    questions: { closures: await questionTags(questions.closures!), both: await questionTags(questions.both!) },
    following: { follower: await following(follower), both: await following(both) },
  };
}

beforeAll(async () => {
  stack = await startStack({
    services: [siteService, identityService, postsService, tagsService, votesService, moderationService, searchService],
    env: { AGORA_SEARCH: 'postgres' },
  });
  mod = await moderator(stack);
  admin = await member(stack, { roleId: Role.admin });
  asker = await member(stack, { name: 'Merge Asker' });
  follower = await member(stack);
  both = await member(stack);
  plain = await member(stack, { rank: 100_000 });
  for (const [slug, name] of [
    ['javascript', 'JavaScript'],
    ['js', 'JS'],
    ['node', 'Node'],
    ['py', 'Py'],
    ['python', 'Python'],
  ] as const) {
    ids[slug] = (await createTag(stack, mod.token, { slug_name: slug, display_name: name })).tag_id;
  }
  const set = await stack.call('PUT', `${API}/tag/synonym`, {
    token: mod.token,
    body: { tag_id: ids.js, synonym_tag_list: [{ slug_name: 'ecmascript', display_name: 'ECMAScript' }] },
  });
  expect(set.status).toBe(200);
  ids.ecmascript = (await getTag(stack, 'ecmascript')).body.data.tag_id;
  questions.closures = (await ask(stack, asker.token, ['js', 'node'], 'How do closures capture variables?')).id;
  questions.both = (await ask(stack, asker.token, ['javascript', 'js'], 'Which name should a script tag have?')).id;
  questions.other = (await ask(stack, asker.token, ['node'], 'How do streams apply back-pressure?')).id;
  for (const [who, slugs] of [
    [follower, ['js']],
    [both, ['js', 'javascript']],
  ] as const) {
    const put = await stack.call('PUT', `${API}/follow/tags`, { token: who.token, body: { slug_name_list: slugs } });
    expect(put.status).toBe(200);
  }
  // A bookmark (votes' copy of the question) and a flag (moderation's) of a question under the merged tag.
  await settled();
  const bookmarked = await stack.call('POST', `${API}/collection/switch`, {
    token: follower.token,
    body: { object_id: questions.closures, group_id: '0' },
  });
  expect(bookmarked.status, JSON.stringify(bookmarked.body)).toBe(200);
  const flagged = await stack.call('POST', `${API}/report`, {
    token: follower.token,
    body: { object_id: questions.closures, report_type: 57 },
  });
  expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
  await settled();
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

describe('who may merge', () => {
  it('refuses anonymous visitors (401) and members who are not staff, whatever their reputation (403)', async () => {
    const before = await snapshot();
    expect((await merge(undefined, { source_tag_id: ids.js, target_tag_id: ids.javascript })).status).toBe(401);
    const refused = await merge(plain.token, { source_tag_id: ids.js, target_tag_id: ids.javascript });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Only moderators and administrators can do this.');
    await settled();
    expect(await snapshot()).toEqual(before);
  });

  it('offers the merge action to moderators and admins only, and not on a synonym', async () => {
    const actions = async (slug: string, token?: string) =>
      (await getTag(stack, slug, token)).body.data.member_actions as { action: string }[];
    const merge = { action: 'merge', name: 'Merge', type: 'edit' };
    expect(await actions('js', mod.token)).toContainEqual(merge);
    expect(await actions('js', admin.token)).toContainEqual(merge);
    expect((await actions('js', plain.token)).map((a) => a.action)).not.toContain('merge');
    expect(await actions('js')).toEqual([]);
    expect((await actions('ecmascript', mod.token)).map((a) => a.action)).not.toContain('merge');
  });
});

describe('refusals', () => {
  const refusals: [string, () => Record<string, unknown>, string, string][] = [
    [
      'a tag into itself',
      () => ({ source_tag_id: ids.js, target_tag_id: ids.js }),
      'target_tag_id',
      'merged into itself',
    ],
    [
      'an unknown source',
      () => ({ source_tag_id: '10309999999999999999999', target_tag_id: ids.js }),
      'source_tag_id',
      'does not exist',
    ],
    [
      'an unknown target',
      () => ({ source_tag_id: ids.js, target_tag_id: '10309999999999999999999' }),
      'target_tag_id',
      'does not exist',
    ],
    [
      'a source that is a synonym',
      () => ({ source_tag_id: ids.ecmascript, target_tag_id: ids.javascript }),
      'source_tag_id',
      'The tag "ecmascript" is a synonym of "js": merge "js" instead',
    ],
    [
      'a target that is a synonym',
      () => ({ source_tag_id: ids.node, target_tag_id: ids.ecmascript }),
      'target_tag_id',
      'The tag "ecmascript" is a synonym of "js": merge into "js" instead.',
    ],
  ];

  it.each(refusals)('refuses %s with a 400 on the field, changing nothing', async (_, body, field, message) => {
    const before = await snapshot();
    const refused = await merge(mod.token, body());
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.data).toEqual([{ error_field: field, error_msg: expect.stringContaining(message) }]);
    await settled();
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body without both ids', async () => {
    const refused = await merge(mod.token, { source_tag_id: ids.js });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([{ error_field: 'target_tag_id', error_msg: expect.any(String) }]);
  });
});

describe('a merge', () => {
  it('folds the source and its synonyms into the target, with its followers and questions', async () => {
    const before = await snapshot();
    expect(before.tags.js).toEqual({ main: '', questions: 2, followers: 2 });
    expect(before.tags.javascript).toEqual({ main: '', questions: 1, followers: 1 });
    const merged = await merge(mod.token, { source_tag_id: ids.js, target_tag_id: ids.javascript });
    expect(merged.body).toMatchObject({ code: 200, data: null });
    await settled();

    // The source and its synonym stand for the target.
    expect((await getTag(stack, 'js')).body.data).toMatchObject({ slug_name: 'js', main_tag_slug_name: 'javascript' });
    expect((await getTag(stack, 'ecmascript')).body.data.main_tag_slug_name).toBe('javascript');
    expect(await synonyms(ids.javascript!)).toEqual(['ecmascript', 'js']);
    // Asked about a synonym, the answer is its main tag.
    expect(await synonyms(ids.js!)).toEqual(['javascript']);
    const page = (await stack.call('GET', `${API}/tags/page?query_cond=name&page_size=50`)).body.data;
    expect(slugsOf(page.list)).toEqual(['javascript', 'node', 'py', 'python']);

    // Followers follow the target, once.
    expect(await following(follower)).toEqual(['javascript']);
    expect(await following(both)).toEqual(['javascript']);

    // Questions are filed under the target, once; counts follow.
    expect(await questionTags(questions.closures!)).toEqual(['javascript', 'node']);
    expect(await questionTags(questions.both!)).toEqual(['javascript']);
    expect(await questionTags(questions.other!)).toEqual(['node']);
    const after = await snapshot();
    expect(after.tags).toEqual({
      js: { main: 'javascript', questions: 0, followers: 0 },
      javascript: { main: '', questions: 2, followers: 2 },
      ecmascript: { main: 'javascript', questions: 0, followers: 0 },
    });
    const list = (await stack.call('GET', `${API}/question/page?order=newest&tag=javascript`)).body.data;
    expect(list.count).toBe(2);
    for (const row of list.list) expect(slugsOf(row.tags)).toContain('javascript');
  });

  it('reaches search, the bookmarks page and the flag list', async () => {
    const found = (await stack.call('GET', `${API}/search?q=${encodeURIComponent('closures')}`)).body.data;
    expect(found.list.map((r: { object: { tags: { slug_name: string }[] } }) => slugsOf(r.object.tags))).toEqual([
      ['javascript', 'node'],
    ]);
    const bookmarks = (
      await stack.call('GET', `${API}/personal/collection/page?page=1&page_size=10`, { token: follower.token })
    ).body.data;
    expect(slugsOf(bookmarks.list[0].tags)).toEqual(['javascript', 'node']);
    const flags = (await stack.call('GET', `${API}/report/unreviewed/post?page=1`, { token: mod.token })).body.data;
    expect(slugsOf(flags.list[0].tags)).toEqual(['javascript', 'node']);
  });

  it('keeps the history on the merged tag’s timeline', async () => {
    const timeline = (
      await stack.call('GET', `${API}/activity/timeline?object_id=${ids.js}&object_type=tag`, { token: mod.token })
    ).body.data.timeline as { activity_type: string; user_info: { username: string } }[];
    expect(timeline.map((t) => t.activity_type)).toEqual(['merged', 'created']);
    expect(timeline[0]!.user_info.username).toBe(mod.username);
  });

  it('files a question asked with the merged name under the target', async () => {
    const later = await ask(stack, asker.token, ['js'], 'Is a closure created on every call?');
    expect(slugsOf(later.tags)).toEqual(['javascript']);
    await settled();
    expect((await getTag(stack, 'javascript')).body.data.question_count).toBe(3);
  });

  it('refuses merging the merged tag again: it is a synonym now', async () => {
    const again = await merge(mod.token, { source_tag_id: ids.js, target_tag_id: ids.javascript });
    expect(again.status).toBe(400);
    expect(again.body.data[0].error_msg).toContain('merge "javascript" instead');
  });

  it('lets an admin merge too', async () => {
    expect((await merge(admin.token, { source_tag_id: ids.py, target_tag_id: ids.python })).status).toBe(200);
    expect((await getTag(stack, 'py')).body.data.main_tag_slug_name).toBe('python');
  });
});
