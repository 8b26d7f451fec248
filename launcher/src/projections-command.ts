import {
  type AgoraConfig,
  ChangeFeed,
  connectDatabase,
  createEventBus,
  EventStore,
  IdGenerator,
  leaseNodeId,
  ProjectionRunner,
  projectionsOf,
  type ServiceContext,
} from '@agora/platform';
import type { Logger } from 'pino';
import { reachDatabase } from './database-access';
import { ALL_SERVICES } from './services';

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
      const db = connectDatabase({ url: database.url, schema: module.name, maxConnections: 3 });
      const lease = await leaseNodeId(db.pool, module.name);
      const context: ServiceContext = {
        name: module.name,
        config,
        database: db,
        store: new EventStore(db.db, module.name),
        ids: new IdGenerator(lease.nodeId),
        log,
        // Never started: nothing here caches query results.
        changes: new ChangeFeed({ url: database.url, schema: module.name, log }),
      };
      const runner = new ProjectionRunner({ bus, database: db, log, projections: projectionsOf(module, context) });
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
      await lease.release();
      await db.close();
    }
    return 0;
  } finally {
    await bus.close();
    await database.stop();
  }
}
