import { describeMigrationFolder, describeMigrationRun, platformKeys } from '@agora/test-support/migrations';
import { tagsMigrationFiles, tagsMigrations } from '../src/migrations';

/** The keys databases have recorded (docs/adr/0046-migrations-one-per-file.md): add new ones, change none. */
const KEYS = [
  '20261125_0001_tags',
  '20261125_0002_read_model_changes',
  '20261125_0003_tag_listing',
  '20261203_0004_tag_change_stamps',
];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: tagsMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('tags', tagsMigrations);
