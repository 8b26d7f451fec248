import { describeMigrationFolder, describeMigrationRun, platformKeys } from '../../../test-support/migrations';
import { badgesMigrationFiles, badgesMigrations } from '../src/migrations';

/** The keys databases have recorded (DESIGN §9, "Migrations, one per file"): add new ones, change none. */
const KEYS = ['20261204_0001_badges'];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: badgesMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('badges', badgesMigrations);
