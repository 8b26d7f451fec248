import { type AgoraConfig, connectDatabase, migrateService } from '@agora/platform';
import type { Logger } from 'pino';
import { Exit, parseCommandLine, refuseUsage } from './command-line';
import { ALL_SERVICES } from './services';

const USAGE = `Usage: npm run agora -- migrate <service>...
  runs the services' migrations on DATABASE_URL, then exits (services: ${ALL_SERVICES.map((s) => s.name).join(', ')})`;

/**
 * `migrate <service>...`: brings each named service's schema up to date on DATABASE_URL and exits, without
 * starting it (the Kubernetes migrations Job, infra/k8s/README.md). Services migrate on start too; this runs them
 * first, under the same per-schema lock, so that a failing migration stops a rollout before any pod changes.
 */
export async function migrateCommand(config: AgoraConfig, log: Logger, args: string[]): Promise<number> {
  const line = parseCommandLine(args, { usage: USAGE, options: {}, maxPositionals: ALL_SERVICES.length });
  if (line.exit !== undefined) return line.exit;
  const modules = line.positionals.map((name) => ALL_SERVICES.find((s) => s.name === name));
  if (modules.length === 0) return refuseUsage(USAGE, 'name at least one service');
  const unknown = line.positionals.filter((_, i) => !modules[i]);
  if (unknown.length > 0) return refuseUsage(USAGE, `unknown service: ${unknown.join(', ')}`);
  if (!config.databaseUrl) {
    process.stderr.write('DATABASE_URL (databaseUrl) is required: the database of the service(s) to migrate\n');
    return Exit.config;
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
