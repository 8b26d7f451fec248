import { CatchUp, SIGNING_KEYS_STREAM } from '@agora/contracts';
import type { Logger } from 'pino';
import {
  actorProjection,
  actorReputationProjection,
  ProjectedActorSource,
  TableKeySource,
} from '../auth/actor-projection';
import { registerAuth } from '../auth/plugin';
import type { EventBus, PublisherHandle } from '../bus/port';
import type { AgoraConfig } from '../config/config';
import { ChangeFeed } from '../db/change-feed';
import { connectDatabase, isReachable } from '../db/database';
import { migrateService } from '../db/migrate';
import { EventStore } from '../eventstore/event-store';
import { createHttpApp } from '../http/app';
import { registerReadVersion } from '../http/read-version';
import { IdempotentRequests } from '../idempotency/claims';
import { registerIdempotency } from '../idempotency/hooks';
import { IdGenerator, leaseNodeId, type NodeLease } from '../ids/id-generator';
import type { Projection } from '../projections/projection';
import { ProjectionRunner, parkedSummary } from '../projections/runner';
import { siteSettingsProjection, siteSettingsReader } from '../site-settings/site-settings';
import { CatchUps, registerCatchUp } from './catch-up';
import type { RunningService, ServiceContext, ServiceModule } from './module';

export interface StartServiceOptions {
  config: AgoraConfig;
  databaseUrl: string;
  /** PostgreSQL itself when `databaseUrl` is a transaction pooler: for session state (default: `databaseUrl`). */
  directDatabaseUrl?: string;
  bus: EventBus;
  log: Logger;
  maxConnections?: number;
}

/** A service's asynchronous projections: the shared copies it keeps, then its own (given its instance's parts). */
export function projectionsOf<Parts>(
  module: ServiceModule<Parts>,
  context: ServiceContext,
  parts: Parts,
): Projection[] {
  return [
    ...(module.shared?.actors === false ? [] : [actorProjection, actorReputationProjection]),
    ...(module.shared?.siteSettings === false ? [] : [siteSettingsProjection]),
    ...(module.projections?.(context, parts) ?? []),
  ];
}

/**
 * Migrates, wires and starts a service: its parts (set up once for this instance), its HTTP app (not yet
 * listening), its relay and its projections.
 */
export async function startService<Parts>(
  module: ServiceModule<Parts>,
  options: StartServiceOptions,
): Promise<RunningService<Parts>> {
  const log = options.log.child({ service: module.name });
  const { config } = options;
  const directUrl = options.directDatabaseUrl ?? options.databaseUrl;
  const database = connectDatabase({
    url: options.databaseUrl,
    directUrl,
    schema: module.name,
    maxConnections: config.dbPools[module.name] ?? options.maxConnections ?? config.dbConnections ?? 10,
    idleTimeoutMs: config.dbIdleMs,
    prepared: config.dbPrepared,
  });
  let lease: NodeLease | null = null;
  let publisher: PublisherHandle | null = null;
  let runner: ProjectionRunner | null = null;
  let background: { stop(): Promise<void> } | null = null;
  const changes = new ChangeFeed({ url: directUrl, schema: module.name, log });
  const catchUp = new CatchUps(log, options.config.catchUpMs, options.bus.kind);
  try {
    // The lease first: it holds its connection for the process's life, and one that ran the migrations would
    // keep their catalog caches in its server process for as long.
    lease = await leaseNodeId(database.sessionPool, module.name);
    await migrateService(database, module.migrations);
    await changes.start();
    const context: ServiceContext = {
      name: module.name,
      config: options.config,
      database,
      store: new EventStore(database.db, module.name),
      ids: new IdGenerator(lease.nodeId),
      log,
      changes,
      catchUp,
      siteSettings: siteSettingsReader(database.db, changes, options.config.siteUrl),
    };
    const parts = await module.setup(context);
    const app = await createHttpApp({
      name: module.name,
      log,
      // Not before its projections have applied what their sources held at its start (docs/adr/0092-ready-when-caught-up.md).
      ready: async () => (runner?.caughtUpSinceStart ?? false) && isReachable(database.db),
      degraded: async () => (runner ? parkedSummary(await runner.parked()) : null),
      trustProxy: true,
    });
    await registerAuth(
      app,
      module.auth?.(context, parts) ?? {
        actors: new ProjectedActorSource(database.db, changes, options.config.cacheLimits.sessions),
        keys: new TableKeySource(database.db, () =>
          catchUp.projection(CatchUp.actorsProjection, { streams: [SIGNING_KEYS_STREAM] }),
        ),
        catchUp: (userId) => catchUp.projection(CatchUp.actorsProjection, { streams: [userId] }),
      },
    );
    // After the session check (a key is its member's), before every route's own hooks (docs/adr/0093-idempotent-writes.md).
    registerIdempotency(app, new IdempotentRequests(database.db, { pid: lease.holderPid, node: lease.nodeId }));
    registerCatchUp(app, catchUp, options.bus.kind);
    registerReadVersion(app, changes);
    await module.routes(app, context, parts);
    await app.ready();
    publisher = await options.bus.publish(database);
    runner = new ProjectionRunner({
      bus: options.bus,
      database,
      log,
      projections: projectionsOf(module, context, parts),
      onCommitted: (topics) => changes.changed(topics),
      onKeysCommitted: (topic, keys) => changes.changedKeys(topic, keys),
    });
    catchUp.attach(runner, publisher);
    await runner.start();
    background = (await module.background?.(context, parts)) ?? null;
    const started = { publisher, runner, lease, background };
    return {
      name: module.name,
      module,
      app,
      context,
      parts,
      projections: runner,
      async close() {
        await started.background?.stop();
        await started.runner.stop();
        await started.publisher.stop();
        await app.close();
        await started.lease.release();
        await changes.stop();
        await database.close();
      },
    };
  } catch (error) {
    await background?.stop().catch(() => {});
    await runner?.stop().catch(() => {});
    await publisher?.stop().catch(() => {});
    await lease?.release().catch(() => {});
    await changes.stop();
    await database.close().catch(() => {});
    throw error;
  }
}
