import type { AwardsWithdrawn, EventOf } from '@agora/contracts';
import type { Decider } from '@agora/platform';

export type HolderEvent = EventOf<typeof AwardsWithdrawn>;
export interface HolderState {
  withdrawn: boolean;
}
export interface WithdrawAwards {
  type: 'withdraw';
  userId: string;
}

export function holderStreamId(userId: string): string {
  return `badge-holder-${userId}`;
}

/** A member as a holder of badges: a deleted member's awards are withdrawn once, and none come after. */
export const holderDecider: Decider<HolderState, WithdrawAwards, HolderEvent> = {
  initialState: () => ({ withdrawn: false }),
  evolve: (state, event) => (event.type === 'badges.awards_withdrawn' ? { withdrawn: true } : state),
  decide: (command, state) =>
    state.withdrawn ? [] : [{ type: 'badges.awards_withdrawn', data: { user_id: command.userId } }],
};
