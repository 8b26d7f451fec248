/**
 * A service's asynchronous projections opened outside its process, on its database and the bus: what
 * `projections status|rebuild|retry` drive, and what the fault runs rebuild from zero to compare with the
 * live read models (docs/adr/0079-faults-under-load.md). Never started here: the caller starts, rebuilds
 * or stops the runner.
 */
import {
  type AgoraConfig,
  CatchUps,
  ChangeFeed,
  connectDatabase,
  type EventBus,
  EventStore,
  IdGenerator,
  leaseNodeId,
  ProjectionRunner,
  projectionsOf,
  type ServiceContext,
  type ServiceModule,
  siteSettingsReader,
} from '@agora/platform';
import type { Logger } from 'pino';

export interface OpenProjections {
  runner: ProjectionRunner;
  /** The instance's context and parts, as its `setup` built them (an import's sink is made of them). */
  context: ServiceContext;
  parts: unknown;
  /** Releases the node id lease and the database pool. */
  close(): Promise<void>;
}

export async function openProjections(
  module: ServiceModule,
  options: { config: AgoraConfig; databaseUrl: string; bus: EventBus; log: Logger; bulkBatchSize?: number },
): Promise<OpenProjections> {
  const { config, databaseUrl, bus, log } = options;
  const db = connectDatabase({ url: databaseUrl, schema: module.name, maxConnections: 3 });
  const lease = await leaseNodeId(db.pool, module.name);
  // Never started: nothing here caches query results.
  const changes = new ChangeFeed({ url: databaseUrl, schema: module.name, log });
  const context: ServiceContext = {
    name: module.name,
    config,
    database: db,
    store: new EventStore(db.db, module.name),
    ids: new IdGenerator(lease.nodeId),
    log,
    changes,
    // Never attached: a command's wait for other services' events never runs here.
    catchUp: new CatchUps(log),
    siteSettings: siteSettingsReader(db.db, changes, config.siteUrl),
  };
  const parts = await module.setup(context);
  const runner = new ProjectionRunner({
    bus,
    database: db,
    log,
    projections: projectionsOf(module, context, parts),
    bulkBatchSize: options.bulkBatchSize,
  });
  return {
    runner,
    context,
    parts,
    async close() {
      await lease.release();
      await db.close();
    },
  };
}
