import { type Kysely, type MigrationProvider, Migrator, sql } from 'kysely';
import { platformMigrations } from '../migrations';
import type { ServiceDatabase } from './database';
import type { Migrations } from './migration-files';

export * from './migration-files';

class InCodeProvider implements MigrationProvider {
  constructor(private readonly migrations: Migrations) {}
  async getMigrations() {
    return this.migrations;
  }
}

/**
 * The platform's migrations and a service's as one set, which kysely runs in the order of their keys
 * (docs/adr/0046-migrations-one-per-file.md).
 */
export function serviceMigrator<DB>(db: Kysely<DB>, schema: string, serviceMigrations: Migrations): Migrator {
  return new Migrator({
    db,
    provider: new InCodeProvider({ ...platformMigrations, ...serviceMigrations }),
    migrationTableSchema: schema,
    // Platform migrations (`0000_platform_*`) sort before every service's, so a new one lands before
    // migrations an existing installation has already run: it must still run.
    allowUnorderedMigrations: true,
  });
}

/**
 * Brings a service schema up to date: the platform's own tables (event store, checkpoints, dead letters)
 * first, then the service's migrations. An advisory lock keeps replicas starting together from racing.
 */
export async function migrateService(database: ServiceDatabase, serviceMigrations: Migrations): Promise<void> {
  const lockKey = `agora:migrate:${database.schema}`;
  // One connection for the lock and the migrations alike, so that a pool of one cannot deadlock.
  await database.sessionDb.connection().execute(async (db) => {
    await sql`select pg_advisory_lock(hashtext(${lockKey}))`.execute(db);
    try {
      await sql`create schema if not exists ${sql.id(database.schema)}`.execute(db);
      // Kysely's migrator takes its own lock too; this one also covers creating the schema.
      const { error, results } = await serviceMigrator(db, database.schema, serviceMigrations).migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error')?.migrationName;
        throw new Error(`Migration ${failed ?? ''} of schema ${database.schema} failed: ${String(error)}`, {
          cause: error,
        });
      }
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${lockKey}))`.execute(db).catch(() => {});
    }
  });
}
