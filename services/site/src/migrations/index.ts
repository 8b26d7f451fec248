import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as dashboard from './0001_dashboard';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const siteMigrationFiles: readonly MigrationFile[] = [dashboard];

export const siteMigrations = migrationsOf(siteMigrationFiles);
