import { UserDeleted, UserPurged, UserReinstated, UserSuspended } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import { sql } from 'kysely';
import { forgetPurgedMember } from './purged-member';

/**
 * When users were suspended, reinstated or deleted (identity's events), so that whether someone could
 * receive a notification is decided at the time of its event, live and in a replay alike; a purged member
 * is forgotten.
 */
export const recipientStatusProjection: Projection = {
  name: 'recipient-status',
  source: 'identity',
  events: [UserSuspended, UserReinstated, UserDeleted, UserPurged],
  async apply(event, tx) {
    const d = event.data as { user_id: string; until?: string };
    if (event.type === UserPurged.type) return forgetPurgedMember(tx, d.user_id, event.id, event.occurredAt);
    const status =
      event.type === UserSuspended.type ? 'suspended' : event.type === UserDeleted.type ? 'deleted' : 'normal';
    await sql`
      insert into recipient_status (event_id, user_id, at, status, until)
      values (${event.id}, ${d.user_id}, ${event.occurredAt}::timestamptz, ${status}, ${d.until ?? null}::timestamptz)
      on conflict (event_id) do nothing`.execute(tx);
  },
  async reset(tx) {
    await sql`truncate recipient_status`.execute(tx);
  },
};
