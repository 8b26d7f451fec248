import { ReputationChanged } from '@agora/contracts';
import { type Projection, recordReputation } from '@agora/platform';
import { sql } from 'kysely';
import { USERS_FIGURES_WRITERS } from '../users-figures';

/**
 * `users.rank` from the votes ledger's `votes.reputation_changed` events. The latest value also stays in
 * `actor_reputation`, so a rebuild of `users` from identity's own log restores it.
 */
export const reputationProjection: Projection = {
  name: 'reputation',
  source: 'votes',
  lockGroup: USERS_FIGURES_WRITERS,
  events: [ReputationChanged],
  async apply(event, tx) {
    if (!(await recordReputation(tx, event))) return;
    const { user_id, reputation } = event.data as { user_id: string; reputation: number };
    await sql`update users set rank = ${reputation} where user_id = ${user_id}`.execute(tx);
  },
  async reset(tx) {
    await sql`truncate actor_reputation`.execute(tx);
  },
};
