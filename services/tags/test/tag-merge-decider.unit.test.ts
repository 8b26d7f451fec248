import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { type FollowEvent, followsDecider } from '../src/domain/follows/decider';
import { type MergeTarget, type TagCommand, type TagEvent, tagDecider } from '../src/domain/tag/decider';

const content = { slug_name: 'js', display_name: 'JS', original_text: '', parsed_text: '' };
const created = (tagId = 's1', slug = 'js'): TagEvent => ({
  type: 'tags.tag_created',
  data: { tag_id: tagId, user_id: 'u1', revision_id: `r-${tagId}`, question_id: null, ...content, slug_name: slug },
});
const act = { tag_id: 's1', actor_id: 'mod' };
const target: MergeTarget = {
  id: 't1',
  slug_name: 'javascript',
  display_name: 'JavaScript',
  deleted: false,
  mainSlug: null,
};
const merge = (into: Partial<MergeTarget> = {}, mainSlug: string | null = null): TagCommand => ({
  type: 'merge',
  actorId: 'mod',
  target: { ...target, ...into },
  mainSlug,
});
const merged: TagEvent = {
  type: 'tags.tag_merged',
  data: {
    ...act,
    slug_name: 'js',
    target_tag_id: 't1',
    target_slug_name: 'javascript',
    target_display_name: 'JavaScript',
    synonym_tag_ids: [],
  },
};
const linkedTo = (main: string, tagId = 's1'): TagEvent => ({
  type: 'tags.synonym_linked',
  data: { tag_id: tagId, actor_id: 'mod', main_tag_id: main },
});
const given = givenWhen(tagDecider);
const fieldOf = (run: () => unknown) => refusal(run).fields[0];

describe('merging a tag (tag decider)', () => {
  it('records the merge and makes the tag a synonym of the target', () => {
    expect(given(created()).when(merge())).toEqual([merged, linkedTo('t1')]);
  });

  it('lets its own synonyms go first, naming them in the merge', () => {
    const withSynonyms: TagEvent = { type: 'tags.synonyms_set', data: { ...act, synonym_tag_ids: ['a', 'b'] } };
    expect(given(created(), withSynonyms).when(merge())).toEqual([
      { type: 'tags.synonyms_set', data: { ...act, synonym_tag_ids: [] } },
      { ...merged, data: { ...merged.data, synonym_tag_ids: ['a', 'b'] } },
      linkedTo('t1'),
    ]);
  });

  it('refuses a merge into itself', () => {
    expect(fieldOf(() => given(created()).when(merge({ id: 's1' })))).toEqual({
      field: 'target_tag_id',
      key: 'error.tag.merge_into_itself',
      params: undefined,
    });
  });

  it('refuses a source that is a synonym, naming its main tag to merge instead', () => {
    expect(fieldOf(() => given(created(), linkedTo('m1')).when(merge({}, 'ecmascript')))).toEqual({
      field: 'source_tag_id',
      key: 'error.tag.merge_source_is_synonym',
      params: { slug: 'js', main: 'ecmascript' },
    });
  });

  it('refuses a target that is a synonym, naming its main tag to merge into', () => {
    expect(fieldOf(() => given(created()).when(merge({ mainSlug: 'ecmascript' })))).toEqual({
      field: 'target_tag_id',
      key: 'error.tag.merge_target_is_synonym',
      params: { slug: 'javascript', main: 'ecmascript' },
    });
  });

  it('refuses deleted tags on either side, and an unknown source', () => {
    const deleted: TagEvent = { type: 'tags.tag_deleted', data: act };
    expect(fieldOf(() => given(created(), deleted).when(merge()))).toMatchObject({
      field: 'source_tag_id',
      key: 'error.tag.deleted',
    });
    expect(fieldOf(() => given(created()).when(merge({ deleted: true })))).toMatchObject({
      field: 'target_tag_id',
      key: 'error.tag.deleted',
      params: { slug: 'javascript' },
    });
    expect(refusal(() => given().when(merge())).status).toBe(404);
  });

  it('is refused once merged: the tag is then a synonym', () => {
    expect(fieldOf(() => given(created(), merged, linkedTo('t1')).when(merge({}, 'javascript')))).toMatchObject({
      key: 'error.tag.merge_source_is_synonym',
    });
  });

  it('moves a synonym of the merged tag to the target, once', () => {
    const synonym = created('a', 'jscript');
    const move: TagCommand = { type: 'move_synonym', actorId: 'mod', fromMainId: 's1', toMainId: 't1' };
    const onA = { tag_id: 'a', actor_id: 'mod' };
    expect(given(synonym, linkedTo('s1', 'a')).when(move)).toEqual([
      { type: 'tags.synonym_unlinked', data: { ...onA, main_tag_id: 's1' } },
      { type: 'tags.synonym_linked', data: { ...onA, main_tag_id: 't1' } },
    ]);
    expect(given(synonym, linkedTo('t1', 'a')).when(move)).toEqual([]);
  });
});

describe('a merged tag’s follower (follows decider)', () => {
  const followed = (tagId: string): FollowEvent => ({
    type: 'tags.tag_followed',
    data: { user_id: 'u1', tag_id: tagId },
  });
  const unfollowed = (tagId: string): FollowEvent => ({
    type: 'tags.tag_unfollowed',
    data: { user_id: 'u1', tag_id: tagId },
  });
  const move = { type: 'move' as const, userId: 'u1', fromTagId: 's1', toTagId: 't1' };
  const follows = givenWhen(followsDecider);

  it('follows the target instead of the merged tag', () => {
    expect(follows(followed('s1')).when(move)).toEqual([unfollowed('s1'), followed('t1')]);
  });

  it('follows the target once when following both', () => {
    expect(follows(followed('t1'), followed('s1')).when(move)).toEqual([unfollowed('s1')]);
  });

  it('changes nothing for a member who does not follow the merged tag', () => {
    expect(follows(followed('t1')).when(move)).toEqual([]);
  });
});
