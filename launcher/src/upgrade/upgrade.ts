import { connectDatabase, migrateService, type ServiceModule } from '@agora/platform';
import pg from 'pg';
import type { Logger } from 'pino';
import type { PendingMigrations } from './pending';

/** One upgrade at a time, whichever process (or replica) starts first; the others wait for it. */
const UPGRADE_LOCK = 'agora:upgrade';

export class UpgradeError extends Error {
  override name = 'UpgradeError';
}

/**
 * Runs the pending migrations of every service, one service after another in start order, under one lock
 * (docs/adr/0061-upgrades.md). A service's migrations run in one transaction, so a failing one leaves that
 * service's schema as it was; the start stops with the service and the migration named.
 */
export async function upgradeDatabase(
  databaseUrl: string,
  services: readonly ServiceModule[],
  pending: readonly PendingMigrations[],
  log: Logger,
): Promise<void> {
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: 'agora-upgrade' });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [UPGRADE_LOCK]);
    for (const { service, migrations } of pending) {
      const module = services.find((s) => s.name === service);
      if (!module) continue;
      log.info(`upgrading ${service}: ${migrations.join(', ')}`);
      const database = connectDatabase({ url: databaseUrl, schema: service, maxConnections: 1 });
      try {
        await migrateService(database, module.migrations);
      } catch (error) {
        throw new UpgradeError(`the upgrade stopped at ${service}: ${(error as Error).message}`, { cause: error });
      } finally {
        await database.close();
      }
    }
  } finally {
    await lock.query('select pg_advisory_unlock(hashtext($1))', [UPGRADE_LOCK]).catch(() => {});
    await lock.end().catch(() => {});
  }
}
