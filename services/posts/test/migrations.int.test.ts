import { describeMigrationFolder, describeMigrationRun, platformKeys } from '@agora/test-support/migrations';
import { postsMigrationFiles, postsMigrations } from '../src/migrations';

/** The keys databases have recorded (docs/adr/0046-migrations-one-per-file.md): add new ones, change none. */
const KEYS = [
  '20261122_0001_posts',
  '20261122_0002_invitations',
  '20261122_0003_activity_cancelled_at',
  '20261122_0004_active_list_covers_creation',
  '20261122_0010_read_model_changes',
  '20261125_0001_tag_catalog',
  '20261125_0002_tag_catalog_changes',
  '20261126_0001_question_follows',
  '20261126_0002_question_links',
  '20261126_0003_activity_reason',
  '20261126_0004_admin_content_lists',
  '20261126_0005_profile_lists',
  '20261126_0006_profile_lists_own',
  '20261227_0007_admin_content_search',
  '20261227_0008_post_status_counts',
  '20261227_0012_post_status_moves',
];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: postsMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('posts', postsMigrations);
