import { type AgoraConfig, connectDatabase, migrateService } from '@agora/platform';
import type { Logger } from 'pino';
import { ALL_SERVICES } from './services';

const USAGE = `Usage: migrate <service>... (${ALL_SERVICES.map((s) => s.name).join(', ')})\n`;

/**
 * `migrate <service>...`: brings each named service's schema up to date on DATABASE_URL and exits, without
 * starting it (the Kubernetes migrations Job, infra/k8s/README.md). Services migrate on start too; this runs them
 * first, under the same per-schema lock, so that a failing migration stops a rollout before any pod changes.
 */
export async function migrateCommand(config: AgoraConfig, log: Logger, args: string[]): Promise<number> {
  const modules = args.map((name) => ALL_SERVICES.find((s) => s.name === name));
  if (args.length === 0 || modules.some((m) => !m)) {
    process.stderr.write(USAGE);
    return 64;
  }
  if (!config.databaseUrl) {
    process.stderr.write('DATABASE_URL (databaseUrl) is required: the database of the service(s) to migrate\n');
    return 78;
  }
  for (const module of modules) {
    if (!module) continue;
    const database = connectDatabase({ url: config.databaseUrl, schema: module.name, maxConnections: 1 });
    try {
      await migrateService(database, module.migrations);
      log.info(`${module.name}: migrations up to date`);
    } catch (error) {
      log.error({ err: error }, `${module.name}: ${(error as Error).message}`);
      return 1;
    } finally {
      await database.close();
    }
  }
  return 0;
}
