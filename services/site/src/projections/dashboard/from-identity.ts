import { UserRegistered } from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import { DASHBOARD_TOPIC } from './topic';

/** When each member joined (who they are and whether they are deleted is the shared `actors` copy's). */
export const dashboardFromIdentity: Projection = {
  name: 'dashboard-from-identity',
  source: 'identity',
  events: [UserRegistered],
  topics: [DASHBOARD_TOPIC],
  async apply(event: StoredEvent, tx: Tx) {
    if (event.type !== UserRegistered.type) return;
    const { user_id } = event.data as { user_id: string };
    await sql`insert into dashboard_members (user_id, joined_at) values (${user_id}, ${event.occurredAt})
              on conflict do nothing`.execute(tx);
  },
  async reset(tx) {
    await sql`truncate dashboard_members`.execute(tx);
  },
};
