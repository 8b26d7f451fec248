import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as moderatedObjects from './0001_moderated_objects';
import * as flags from './0002_flags';
import * as reviewQueue from './0003_review_queue';
import * as heldPosts from './0004_held_posts';
import * as readModelChanges from './0005_read_model_changes';
import * as answersByQuestion from './0006_answers_by_question';
import * as imports from './0007_imports';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const moderationMigrationFiles: readonly MigrationFile[] = [
  moderatedObjects,
  flags,
  reviewQueue,
  heldPosts,
  readModelChanges,
  answersByQuestion,
  imports,
];

export const moderationMigrations = migrationsOf(moderationMigrationFiles);
