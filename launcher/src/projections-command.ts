import { existsSync, readFileSync } from 'node:fs';
import { type AgoraConfig, connectDatabase, createEventBus, ProjectionRunner } from '@agora/platform';
import type { Logger } from 'pino';
import { DATABASE_NAME, runtimeFile } from './embedded';
import { startEmbeddedPostgres } from './embedded-postgres';
import { ALL_SERVICES } from './services';

/** The database of a running embedded instance, or of one started just for this command. */
async function reachDatabase(config: AgoraConfig, log: Logger) {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const file = runtimeFile(config.dataDir);
  if (existsSync(file)) {
    const { databaseUrl } = JSON.parse(readFileSync(file, 'utf8')) as { databaseUrl: string };
    return { url: databaseUrl, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({ dataDir: `${config.dataDir}/postgres`, log: (l) => log.debug(l) });
  return { url: server.urlFor(DATABASE_NAME), stop: () => server.stop() };
}

export async function projectionsCommand(config: AgoraConfig, log: Logger, args: string[]): Promise<number> {
  const [action, target] = args;
  if (action !== 'status' && !(action === 'rebuild' && target?.includes('.'))) {
    process.stderr.write('Usage: projections status | projections rebuild <service>.<projection>\n');
    return 64;
  }
  const database = await reachDatabase(config, log);
  const bus = await createEventBus({
    kind: config.bus,
    databaseUrl: database.url,
    kafkaBrokers: config.kafkaBrokers,
    log,
  });
  try {
    for (const module of ALL_SERVICES) {
      const [serviceName, projectionName] = target?.split('.') ?? [];
      if (action === 'rebuild' && module.name !== serviceName) continue;
      const db = connectDatabase({ url: database.url, schema: module.name, maxConnections: 2 });
      const projections = module.projections?.({ name: module.name, config, database: db, log } as never) ?? [];
      const runner = new ProjectionRunner({ bus, database: db, log, projections });
      if (action === 'status') {
        for (const s of await runner.status()) {
          process.stdout.write(`${module.name}.${s.name}\tlag ${s.lag}\tdead letters ${s.deadLetters}\n`);
        }
      } else {
        // Replays while the live instance (if any) is held off by the consumer lock, then hands back.
        await runner.rebuild(projectionName!);
        await runner.start();
        await runner.waitForCatchUp(10 * 60_000);
        await runner.stop();
        process.stdout.write(`rebuilt ${target}\n`);
      }
      await db.close();
    }
    return 0;
  } finally {
    await bus.close();
    await database.stop();
  }
}
