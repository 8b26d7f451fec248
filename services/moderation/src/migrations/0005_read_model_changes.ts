import { watchTables } from '@agora/platform';
import type { Kysely, Migration } from 'kysely';

export const key = '20261210_0005_read_model_changes';

/**
 * The queues' tables announce their changes, so every replica's cached queue pages and red-dot counts
 * (ModerationReads) learn of another replica's commits (docs/adr/0019-read-caches.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await watchTables(db, [
      'moderated_objects',
      'flags',
      'review_items',
      'review_decisions',
      'review_skips',
      'held_posts',
      'held_decisions',
    ]);
  },
};
