import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as posts from './0001_posts';
import * as invitations from './0002_invitations';
import * as activityCancelledAt from './0003_activity_cancelled_at';
import * as activeListCoversCreation from './0004_active_list_covers_creation';
import * as readModelChanges from './0005_read_model_changes';
import * as tagCatalog from './0006_tag_catalog';
import * as tagCatalogChanges from './0007_tag_catalog_changes';
import * as questionFollows from './0008_question_follows';
import * as questionLinks from './0009_question_links';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const postsMigrationFiles: readonly MigrationFile[] = [
  posts,
  invitations,
  activityCancelledAt,
  activeListCoversCreation,
  readModelChanges,
  tagCatalog,
  tagCatalogChanges,
  questionFollows,
  questionLinks,
];

export const postsMigrations = migrationsOf(postsMigrationFiles);
