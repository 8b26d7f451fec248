import type { ReactionEmoji } from '@agora/contracts/votes/reactions';
import { describe, expect, it } from 'vitest';
import { withReaction } from '../src/detail/reaction-summary';

const item = (emoji: ReactionEmoji, count: number, is_active: boolean, tooltip = 'Ann') => ({
  emoji,
  count,
  is_active,
  tooltip,
});

describe('withReaction (the optimistic summary)', () => {
  it('adds a new emoji in heart, smile, frown order, named after the member', () => {
    expect(withReaction(undefined, 'smile', true, 'Me')).toEqual({ reaction_summary: [item('smile', 1, true, 'Me')] });
    expect(withReaction({ reaction_summary: [item('frown', 2, false)] }, 'heart', true, 'Me')).toEqual({
      reaction_summary: [item('heart', 1, true, 'Me'), item('frown', 2, false)],
    });
  });

  it('counts the member in and out of an emoji others react with', () => {
    const summary = { reaction_summary: [item('heart', 2, false), item('smile', 1, false)] };
    const joined = withReaction(summary, 'heart', true, 'Me');
    expect(joined.reaction_summary[0]).toEqual(item('heart', 3, true));
    expect(withReaction(joined, 'heart', false, 'Me').reaction_summary[0]).toEqual(item('heart', 2, false));
  });

  it('drops an emoji nobody reacts with any more, and changes nothing when there is nothing to change', () => {
    const mine = { reaction_summary: [item('heart', 1, true), item('frown', 1, false)] };
    expect(withReaction(mine, 'heart', false, 'Me')).toEqual({ reaction_summary: [item('frown', 1, false)] });
    expect(withReaction(mine, 'heart', true, 'Me')).toEqual(mine);
    expect(withReaction(mine, 'smile', false, 'Me')).toEqual(mine);
  });
});
