import { describeMigrationFolder, describeMigrationRun, platformKeys } from '../../../test-support/migrations';
import { postsMigrationFiles, postsMigrations } from '../src/migrations';

/** The keys databases have recorded (DESIGN §9, "Migrations, one per file"): add new ones, change none. */
const KEYS = [
  '20261122_0001_posts',
  '20261122_0002_invitations',
  '20261122_0003_activity_cancelled_at',
  '20261122_0004_active_list_covers_creation',
  '20261122_0010_read_model_changes',
  '20261125_0001_tag_catalog',
  '20261125_0002_tag_catalog_changes',
  '20261210_0008_question_links',
];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: postsMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('posts', postsMigrations);
