import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as tags from './0001_tags';
import * as readModelChanges from './0002_read_model_changes';
import * as tagListing from './0003_tag_listing';
import * as tagChangeStamps from './0004_tag_change_stamps';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const tagsMigrationFiles: readonly MigrationFile[] = [tags, readModelChanges, tagListing, tagChangeStamps];

export const tagsMigrations = migrationsOf(tagsMigrationFiles);
