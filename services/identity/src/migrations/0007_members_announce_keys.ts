import { announceKeys } from '@agora/platform';
import type { Kysely, Migration } from 'kysely';
import { MEMBERS_TOPIC } from '../security/identity-actors';

export const key = '20261227_0011_members_announce_keys';

/**
 * A member's row and sessions announce the member's id when they change, so identity keeps each signed-in member's
 * facts (the account and whether a session still holds) until then, on every replica, as the other services keep
 * theirs (docs/adr/0033-session-facts-cached-per-user.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await announceKeys(db, MEMBERS_TOPIC, ['users', 'sessions'], 'user_id');
  },
};
