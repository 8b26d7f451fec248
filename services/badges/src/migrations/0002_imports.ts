import { createImportedPostsTable } from '@agora/platform';
import type { Kysely, Migration } from 'kysely';

export const key = '20261228_0002_imports';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // What an import in progress has said of its posts, for the badge awards that name them (docs/adr/0094-importing-a-community.md).
    await createImportedPostsTable(db);
  },
};
