import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as badges from './0001_badges';

/** In run order: file number, list and key order agree (DESIGN §9, "Migrations, one per file"). */
export const badgesMigrationFiles: readonly MigrationFile[] = [badges];

export const badgesMigrations = migrationsOf(badgesMigrationFiles);
