import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { type BookmarkCommand, type BookmarkEvent, bookmarkDecider } from '../src/domain/bookmark/decider';

const given = givenWhen(bookmarkDecider);
const target = { objectId: 'q1', objectType: 'question' as const, questionId: 'q1', deleted: false };
const press = (want: boolean | null = null, deleted = false): BookmarkCommand => ({
  type: 'switch',
  userId: 'u1',
  want,
  target: { ...target, deleted },
});
const toggled = (bookmarked: boolean): BookmarkEvent => ({
  type: 'votes.bookmark_toggled',
  data: { object_id: 'q1', object_type: 'question', question_id: 'q1', user_id: 'u1', bookmarked },
});

describe('bookmark decider', () => {
  it('toggles: on, off, on again', () => {
    expect(given().when(press())).toEqual([toggled(true)]);
    expect(given(toggled(true)).when(press())).toEqual([toggled(false)]);
    expect(given(toggled(true), toggled(false)).when(press())).toEqual([toggled(true)]);
  });

  it('sets the state asked for, and asking for the current state changes nothing', () => {
    expect(given().when(press(true))).toEqual([toggled(true)]);
    expect(given(toggled(true)).when(press(true))).toEqual([]);
    expect(given().when(press(false))).toEqual([]);
    expect(given(toggled(true)).when(press(false))).toEqual([toggled(false)]);
  });

  it('refuses to bookmark a deleted post, but lets one take it off', () => {
    const error = refusal(() => given().when(press(null, true)));
    expect([error.status, error.reason]).toEqual([400, 'error.object.already_deleted']);
    expect(given(toggled(true)).when(press(null, true))).toEqual([toggled(false)]);
  });
});
