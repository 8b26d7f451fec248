import { foldEvents } from '@agora/platform';
import { givenWhen } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { followsDecider as decider, type FollowEvent, followsStream } from '../src/domain/follows/decider';

const followed = (tagId: string): FollowEvent => ({
  type: 'tags.tag_followed',
  data: { user_id: 'u1', tag_id: tagId },
});
const unfollowed = (tagId: string): FollowEvent => ({
  type: 'tags.tag_unfollowed',
  data: { user_id: 'u1', tag_id: tagId },
});
const given = givenWhen(decider);

describe('follows decider', () => {
  it('keeps one stream per user', () => {
    expect(followsStream('u1')).toBe('tag-follows-u1');
  });

  it('follows and unfollows a tag, each only once', () => {
    expect(given().when({ type: 'follow', userId: 'u1', tagId: 't1' })).toEqual([followed('t1')]);
    expect(given(followed('t1')).when({ type: 'follow', userId: 'u1', tagId: 't1' })).toEqual([]);
    expect(given(followed('t1')).when({ type: 'unfollow', userId: 'u1', tagId: 't1' })).toEqual([unfollowed('t1')]);
    expect(given().when({ type: 'unfollow', userId: 'u1', tagId: 't1' })).toEqual([]);
  });

  it('replaces the whole list with the difference only', () => {
    const history = [followed('t1'), followed('t2')];
    expect(given(...history).when({ type: 'replace', userId: 'u1', tagIds: ['t2', 't3', 't3'] })).toEqual([
      unfollowed('t1'),
      followed('t3'),
    ]);
    expect(given(...history).when({ type: 'replace', userId: 'u1', tagIds: ['t1', 't2'] })).toEqual([]);
    expect(given(...history).when({ type: 'replace', userId: 'u1', tagIds: [] })).toEqual([
      unfollowed('t1'),
      unfollowed('t2'),
    ]);
    expect(foldEvents(decider, [...history, unfollowed('t1'), followed('t2')]).tagIds).toEqual(['t2']);
  });

  it('decides a replacement in tag order, so concurrent replacements lock tag rows in one order', () => {
    expect(
      given(followed('t5'), followed('t2')).when({ type: 'replace', userId: 'u1', tagIds: ['t9', 't1', 't2'] }),
    ).toEqual([followed('t1'), unfollowed('t5'), followed('t9')]);
  });
});
