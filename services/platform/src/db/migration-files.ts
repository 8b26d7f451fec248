import type { Migration } from 'kysely';

export type Migrations = Record<string, Migration>;

/**
 * One file of a `migrations/` folder (docs/adr/0046-migrations-one-per-file.md): its migration and the key
 * kysely records it under once it has run. The key never changes, whatever the file is called.
 */
export interface MigrationFile {
  readonly key: string;
  readonly migration: Migration;
}

/** A folder's index, its files in run order, as the keyed set kysely's migrator takes. */
export function migrationsOf(files: readonly MigrationFile[]): Migrations {
  const migrations: Migrations = {};
  for (const file of files) {
    if (Object.hasOwn(migrations, file.key)) throw new Error(`Migration key ${file.key} is listed twice`);
    migrations[file.key] = file.migration;
  }
  return migrations;
}
