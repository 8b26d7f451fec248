import type { BadgeAward, BadgeAwarded, EventOf } from '@agora/contracts';
import type { Decider } from '@agora/platform';

export type AwardEvent = EventOf<typeof BadgeAwarded>;
export interface AwardState {
  awarded: boolean;
}
export interface AwardCommand {
  type: 'award';
  award: BadgeAward;
}

/** One award's stream: made once, whatever asks again (a redelivery, a replay of the facts behind it). */
export const awardDecider: Decider<AwardState, AwardCommand, AwardEvent> = {
  initialState: () => ({ awarded: false }),
  evolve: (state, event) => (event.type === 'badges.badge_awarded' ? { awarded: true } : state),
  decide: (command, state) => (state.awarded ? [] : [{ type: 'badges.badge_awarded', data: command.award }]),
};
