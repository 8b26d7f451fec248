import { watchTables } from '@agora/platform';
import type { Kysely, Migration } from 'kysely';

export const key = '20261125_0002_read_model_changes';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Every count, follow and edit lands on `tags`: other replicas' caches hear of it by NOTIFY.
    await watchTables(db, ['tags']);
  },
};
