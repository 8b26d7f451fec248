import { type BadgeStatus, type BadgeStatusChanged, badgeById, type EventOf } from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';

export type BadgeEvent = EventOf<typeof BadgeStatusChanged>;
export interface BadgeState {
  status: BadgeStatus;
}
export interface SetBadgeStatus {
  type: 'set_status';
  badgeId: string;
  status: BadgeStatus;
}

export function badgeStreamId(badgeId: string): string {
  return `badge-${badgeId}`;
}

/** A catalogue badge's status: every badge starts active; an admin switches it. */
export const badgeDecider: Decider<BadgeState, SetBadgeStatus, BadgeEvent> = {
  initialState: () => ({ status: 'active' }),
  evolve: (state, event) => (event.type === 'badges.badge_status_changed' ? { status: event.data.status } : state),
  decide(command, state) {
    if (!badgeById(command.badgeId)) throw errors.notFound('error.badge.not_found');
    if (command.status === state.status) return [];
    return [
      {
        type: 'badges.badge_status_changed',
        data: { badge_id: command.badgeId, status: command.status, previous_status: state.status },
      },
    ];
  },
};
