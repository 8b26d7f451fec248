import { connectDatabase, type ServiceModule, serviceMigrator } from '@agora/platform';

/** A service's migrations that its schema has not run yet. */
export interface PendingMigrations {
  service: string;
  migrations: string[];
}

/** What an upgrade has to run: each service's migrations not yet in its schema (all, for a new service). */
export async function pendingMigrations(
  databaseUrl: string,
  services: readonly ServiceModule[],
): Promise<PendingMigrations[]> {
  const pending: PendingMigrations[] = [];
  for (const module of services) {
    const database = connectDatabase({ url: databaseUrl, schema: module.name, maxConnections: 1 });
    try {
      const migrations = await serviceMigrator(database.db, module.name, module.migrations).getMigrations();
      const notRun = migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
      if (notRun.length) pending.push({ service: module.name, migrations: notRun });
    } finally {
      await database.close();
    }
  }
  return pending;
}
