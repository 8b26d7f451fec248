import { UserPurged, UserRegistered } from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import { DASHBOARD_BATCH_SIZE, DASHBOARD_LINGER_MS, DASHBOARD_TOPIC } from './topic';

/**
 * When each member joined (who they are and whether they are deleted is the shared `actors` copy's); a purged
 * member is forgotten.
 */
export const dashboardFromIdentity: Projection = {
  name: 'dashboard-from-identity',
  lingerMs: DASHBOARD_LINGER_MS,
  batchSize: DASHBOARD_BATCH_SIZE,
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
