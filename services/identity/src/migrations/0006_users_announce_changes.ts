import { watchTables } from '@agora/platform';
import type { Kysely, Migration } from 'kysely';

export const key = '20261227_0006_users_announce_changes';

/**
 * The members table announces its changes, so the admin's member lists can be kept until it changes, on every
 * replica (docs/adr/0019-read-caches.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await watchTables(db, ['users']);
  },
};
