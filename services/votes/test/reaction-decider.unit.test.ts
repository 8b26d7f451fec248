import type { ReactionEmoji } from '@agora/contracts';
import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import {
  type ReactionCommand,
  type ReactionEvent,
  reactionDecider,
  reactionStreamId,
} from '../src/domain/reaction/decider';

const given = givenWhen(reactionDecider);
const target = { objectId: 'a1', objectType: 'answer' as const, questionId: 'q1', ownerId: 'author', deleted: false };
const react = (
  emoji: ReactionEmoji,
  activate: boolean,
  change: Partial<ReactionCommand['target']> = {},
  userId = 'u1',
): ReactionCommand => ({ type: 'react', userId, emoji, activate, target: { ...target, ...change } });
const event = (type: 'activated' | 'deactivated', emoji: ReactionEmoji, userId = 'u1'): ReactionEvent => ({
  type: `votes.reaction_${type}`,
  data: { object_id: 'a1', object_type: 'answer', question_id: 'q1', user_id: userId, owner_id: 'author', emoji },
});
const activated = (emoji: ReactionEmoji) => event('activated', emoji);
const deactivated = (emoji: ReactionEmoji) => event('deactivated', emoji);

describe('reaction decider', () => {
  it('keeps one stream per member and post', () => {
    expect(reactionStreamId('a1', 'u1')).toBe('reaction-a1-u1');
    expect(reactionStreamId('a1', 'u2')).not.toBe(reactionStreamId('a1', 'u1'));
  });

  it('activates an emoji, with the post, its question and its owner in the event', () => {
    expect(given().when(react('heart', true))).toEqual([activated('heart')]);
    expect(given().when(react('smile', true, { objectType: 'comment', objectId: 'c1' }))).toEqual([
      {
        type: 'votes.reaction_activated',
        data: {
          object_id: 'c1',
          object_type: 'comment',
          question_id: 'q1',
          user_id: 'u1',
          owner_id: 'author',
          emoji: 'smile',
        },
      },
    ]);
  });

  it('allows one reaction per emoji: activating an active emoji changes nothing', () => {
    expect(given(activated('heart')).when(react('heart', true))).toEqual([]);
    expect(given(activated('heart'), deactivated('heart'), activated('heart')).when(react('heart', true))).toEqual([]);
  });

  it('lets a member react with several emojis, each on its own', () => {
    expect(given(activated('heart')).when(react('frown', true))).toEqual([activated('frown')]);
    expect(given(activated('heart'), activated('frown')).when(react('heart', false))).toEqual([deactivated('heart')]);
    expect(given(activated('heart'), activated('frown'), deactivated('heart')).when(react('frown', false))).toEqual([
      deactivated('frown'),
    ]);
  });

  it('deactivates only an active emoji', () => {
    expect(given().when(react('smile', false))).toEqual([]);
    expect(given(activated('heart')).when(react('smile', false))).toEqual([]);
    expect(given(activated('smile'), deactivated('smile')).when(react('smile', false))).toEqual([]);
    expect(given(activated('smile')).when(react('smile', false))).toEqual([deactivated('smile')]);
  });

  it('refuses new reactions on a deleted post, but lets a member take theirs back', () => {
    const error = refusal(() => given().when(react('heart', true, { deleted: true })));
    expect([error.status, error.reason]).toEqual([400, 'error.object.already_deleted']);
    expect(given(activated('heart')).when(react('heart', false, { deleted: true }))).toEqual([deactivated('heart')]);
    // Already there: nothing to refuse, nothing to record.
    expect(given(activated('heart')).when(react('heart', true, { deleted: true }))).toEqual([]);
  });

  it('lets members react to their own posts', () => {
    expect(given().when(react('heart', true, {}, 'author'))).toEqual([event('activated', 'heart', 'author')]);
  });
});
