import { REDACTED } from '@agora/contracts';
import { type Actor, type Redactions, redactStreams } from '@agora/platform';
import { sql } from 'kysely';
import type { Accounts } from './accounts';

/**
 * What identity's event store keeps of a purged member: the ids, types, versions and times of their stream's
 * events, with every personal field emptied (docs/adr/0078-purging-in-an-event-sourced-system.md).
 */
export const USER_REDACTIONS: Redactions = {
  username: REDACTED,
  display_name: REDACTED,
  email: REDACTED,
  bio: REDACTED,
  bio_html: REDACTED,
  website: REDACTED,
  location: REDACTED,
  code: REDACTED,
  external_id: REDACTED,
  avatar: { type: '', gravatar: '', custom: '' },
};

/** The admin's permanent delete of every deleted account; answers how many were purged. */
export async function purgeDeletedUsers(accounts: Accounts, actor: Actor): Promise<number> {
  const { rows } = await sql<{ user_id: string }>`
    select user_id from users where status = 'deleted' order by user_id`.execute(accounts.db);
  let purged = 0;
  for (const { user_id } of rows) {
    const events = await accounts.run(user_id, { type: 'purge', actorId: actor.id }, actor.id, async (tx, stored) => {
      if (stored.length > 0) await redactStreams(tx, [user_id], USER_REDACTIONS);
    });
    purged += events.length > 0 ? 1 : 0;
  }
  return purged;
}
