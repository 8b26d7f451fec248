import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as badges from './0001_badges';
import * as imports from './0002_imports';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const badgesMigrationFiles: readonly MigrationFile[] = [badges, imports];

export const badgesMigrations = migrationsOf(badgesMigrationFiles);
