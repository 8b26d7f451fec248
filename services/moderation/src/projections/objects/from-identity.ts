import { UserPurged } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import { forgetPurgedMember } from './purged';

/** Flags on members that identity purged are forgotten (docs/adr/0078-purging-in-an-event-sourced-system.md). */
export const purgedMembers: Projection = {
  name: 'purged-members',
  source: 'identity',
  events: [UserPurged],
  apply: (event, tx) => forgetPurgedMember(tx, (event.data as { user_id: string }).user_id),
  // It only deletes: a rebuild replays the purges over whatever the flags hold then.
  async reset() {},
};
