import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as moderatedObjects from './0001_moderated_objects';
import * as flags from './0002_flags';
import * as reviewQueue from './0003_review_queue';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const moderationMigrationFiles: readonly MigrationFile[] = [moderatedObjects, flags, reviewQueue];

export const moderationMigrations = migrationsOf(moderationMigrationFiles);
