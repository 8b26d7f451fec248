import { watchTables } from '@agora/platform';
import type { Kysely, Migration } from 'kysely';

export const key = '20261122_0010_read_model_changes';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await watchTables(db, ['questions', 'question_tags', 'answers', 'comments']);
  },
};
