import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  connectDatabase,
  type MigrationFile,
  type Migrations,
  migrateService,
  type ServiceDatabase,
  serviceMigrator,
} from '@agora/platform';
import { platformMigrationFiles } from '@agora/platform/migrations/index';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './database';

/** The platform's keys in its index's order: they run before every service's. */
export const platformKeys = platformMigrationFiles.map((file) => file.key);

/** `0007_captchas.ts`: the file's place in run order, from 0001 without a gap, and the key's name part. */
const FILE_NAME = /^(\d{4})_([a-z0-9]+(?:_[a-z0-9]+)*)\.ts$/;

export interface MigrationFolder {
  /** The `migrations/` folder, e.g. `new URL('../src/migrations/', import.meta.url)`. */
  folder: URL;
  /** Its index's list. */
  files: readonly MigrationFile[];
  /** The keys as databases have recorded them, frozen in the test: a changed one would run again. */
  keys: readonly string[];
  /** Keys that must sort before this folder's (the platform's, for a service). */
  before?: readonly string[];
}

interface Listed {
  name: string;
  ordinal: number;
  part: string;
}

function listFolder(folder: URL): { listed: Listed[]; misnamed: string[] } {
  const names = readdirSync(fileURLToPath(folder))
    .filter((name) => name !== 'index.ts')
    .sort();
  const listed: Listed[] = [];
  const misnamed: string[] = [];
  for (const name of names) {
    const match = FILE_NAME.exec(name);
    if (match?.[1] && match[2]) listed.push({ name, ordinal: Number(match[1]), part: match[2] });
    else misnamed.push(name);
  }
  return { listed, misnamed };
}

function isMigrationFile(module: unknown): module is MigrationFile {
  return (
    typeof module === 'object' &&
    module !== null &&
    'key' in module &&
    typeof module.key === 'string' &&
    'migration' in module &&
    typeof module.migration === 'object'
  );
}

/**
 * The rules of a `migrations/` folder (docs/adr/0046-migrations-one-per-file.md): one migration per file,
 * numbered in run order, listed by the index in that order, under keys that never change and that kysely,
 * which sorts keys, puts in the same order.
 */
export function describeMigrationFolder({ folder, files, keys, before = [] }: MigrationFolder): void {
  describe('migrations folder', () => {
    it('numbers its files 0001 upwards, each number once', () => {
      const { listed, misnamed } = listFolder(folder);
      expect(misnamed).toEqual([]);
      expect(listed.map((file) => file.ordinal)).toEqual(listed.map((_, index) => index + 1));
    });

    it('lists in its index every file, in the order of their names', async () => {
      const { listed } = listFolder(folder);
      const keysInFiles: string[] = [];
      const migrationsInFiles: unknown[] = [];
      for (const file of listed) {
        const module: unknown = await import(new URL(file.name, folder).href);
        keysInFiles.push(isMigrationFile(module) ? module.key : `${file.name} exports no key and migration`);
        migrationsInFiles.push(isMigrationFile(module) ? module.migration : undefined);
      }
      expect(files.map((file) => file.key)).toEqual(keysInFiles);
      // The very objects of those files, not lookalikes.
      files.forEach((file, index) => {
        expect(file.migration).toBe(migrationsInFiles[index]);
      });
    });

    it('keeps every key as databases have recorded it', () => {
      expect(files.map((file) => file.key)).toEqual(keys);
    });

    it("names each file after its key's name part", () => {
      const { listed } = listFolder(folder);
      const misnamed = files.flatMap((file, index) => {
        const listedFile = listed[index];
        return listedFile && file.key.endsWith(`_${listedFile.part}`) ? [] : [`${file.key}: ${listedFile?.name}`];
      });
      expect(misnamed).toEqual([]);
    });

    it('is in the order kysely runs it: keys sorted as listed, after those that run before', () => {
      const listedKeys = [...before, ...files.map((file) => file.key)];
      // Kysely's migrator sorts the keys with Array.prototype.sort.
      expect([...listedKeys].sort()).toEqual(listedKeys);
    });
  });
}

/**
 * Migrates a fresh schema with a service's migrations twice: kysely has run every key, in index order,
 * and the second time runs nothing. A database migrated before the migrations were split into files
 * recorded the keys frozen in `describeMigrationFolder`, so it too has nothing left to run.
 */
export function describeMigrationRun(schema: string, migrations: Migrations): void {
  describe('migrating a schema', () => {
    let database: ServiceDatabase;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const created = await createTestDatabase(`migrations_${schema}`);
      drop = created.drop;
      database = connectDatabase({ url: created.url, schema, maxConnections: 2 });
    });
    afterAll(async () => {
      await database?.close();
      await drop?.();
    });

    const recorded = async () =>
      (
        await sql<{ name: string; timestamp: string }>`
          select name, timestamp from ${sql.table(`${schema}.kysely_migration`)} order by name`.execute(database.db)
      ).rows;

    it('runs every migration once, platform first, each folder in index order', async () => {
      await migrateService(database, migrations);
      const first = await recorded();
      // migrationsOf keeps the index's order.
      const inOrder = [...platformKeys, ...Object.keys(migrations)];
      const known = await serviceMigrator(database.db, schema, migrations).getMigrations();
      expect(known.map((migration) => migration.name)).toEqual(inOrder);
      expect(known.filter((migration) => migration.executedAt === undefined)).toEqual([]);
      expect(first.map((row) => row.name)).toEqual([...inOrder].sort());

      await migrateService(database, migrations);
      expect(await recorded()).toEqual(first);
    });
  });
}
