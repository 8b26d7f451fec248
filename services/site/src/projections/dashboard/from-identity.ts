import { UserPurged, UserRegistered } from '@agora/contracts';
import { LINGERING, type Projection, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { DASHBOARD_TOPIC } from './topic';

/**
 * When each member joined (who they are and whether they are deleted is the shared `actors` copy's); a purged
 * member is forgotten.
 */
export const dashboardFromIdentity: Projection = {
  name: 'dashboard-from-identity',
  // An admin's counts, a second late at most.
  ...LINGERING,
  source: 'identity',
  events: [UserRegistered, UserPurged],
  topics: [DASHBOARD_TOPIC],
  async apply(event: StoredEvent, tx: Tx) {
    const { user_id } = event.data as { user_id: string };
    if (event.type === UserPurged.type) {
      await sql`delete from dashboard_members where user_id = ${user_id}`.execute(tx);
      return;
    }
    if (event.type !== UserRegistered.type) return;
    await sql`insert into dashboard_members (user_id, joined_at) values (${user_id}, ${event.occurredAt})
              on conflict do nothing`.execute(tx);
  },
  async reset(tx) {
    await sql`truncate dashboard_members`.execute(tx);
  },
};
