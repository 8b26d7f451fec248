import { describeMigrationFolder, describeMigrationRun, platformKeys } from '@agora/test-support/migrations';
import { badgesMigrationFiles, badgesMigrations } from '../src/migrations';

/** The keys databases have recorded (docs/adr/0046-migrations-one-per-file.md): add new ones, change none. */
const KEYS = ['20261204_0001_badges', '20261228_0002_imports'];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: badgesMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('badges', badgesMigrations);
