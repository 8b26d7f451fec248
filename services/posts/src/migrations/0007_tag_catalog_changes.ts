import { watchTables } from '@agora/platform';
import type { Kysely, Migration } from 'kysely';

export const key = '20261125_0002_tag_catalog_changes';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Question lists filter by a tag and its synonyms: a new synonym changes them.
    await watchTables(db, ['tag_catalog']);
  },
};
