import type { EventDefinition } from '@agora/contracts';
import type { Logger } from 'pino';
import type { ActorSource, KeySource } from '../auth/actor';
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
import { connectDatabase, isReachable, type ServiceDatabase } from '../db/database';
import { type Migrations, migrateService } from '../db/migrate';
import { EventStore } from '../eventstore/event-store';
import { createHttpApp, type HttpApp } from '../http/app';
import { IdGenerator, leaseNodeId, type NodeLease } from '../ids/id-generator';
import type { Projection } from '../projections/projection';
import { ProjectionRunner, parkedSummary } from '../projections/runner';
import { siteSettingsProjection } from '../site-settings/site-settings';
import { CatchUps, registerCatchUp } from './catch-up';

/** What a service's code gets to work with. */
export interface ServiceContext {
  name: string;
  config: AgoraConfig;
  database: ServiceDatabase;
  store: EventStore;
  ids: IdGenerator;
  log: Logger;
  /** When this service's read models change; caches of query results key on it. */
  changes: ChangeFeed;
  /** Waits for events on their way to this service's projections (DESIGN §9, "Catching up"). */
  catchUp: CatchUps;
}

/** A service as one unit: schema, routes, the events it produces and the projections it runs (DESIGN §1). */
export interface ServiceModule {
  /** Also its PostgreSQL schema and its topic name. */
  name: string;
  migrations: Migrations;
  /** Event types it produces, with their schemas. */
  events: readonly EventDefinition[];
  routes(app: HttpApp, context: ServiceContext): Promise<void>;
  projections?(context: ServiceContext): Projection[];
  /**
   * Whether the service keeps the shared copies every service has by default: actors (from identity)
   * and site settings (from site). The owners of those facts turn their copy off.
   */
  shared?: { actors?: boolean; siteSettings?: boolean };
  /** Where tokens are checked against: by default the service's own actor and key projections. */
  auth?(context: ServiceContext): { actors: ActorSource; keys: KeySource };
  /** Long-running work beside the HTTP routes (workers, flushers), stopped when the service closes. */
  background?(context: ServiceContext): Promise<{ stop(): Promise<void> }>;
}

export interface RunningService {
  name: string;
  app: HttpApp;
  context: ServiceContext;
  projections: ProjectionRunner;
  close(): Promise<void>;
}

export interface StartServiceOptions {
  config: AgoraConfig;
  databaseUrl: string;
  bus: EventBus;
  log: Logger;
  maxConnections?: number;
}

/** A service's asynchronous projections: the shared copies it keeps, then its own. */
export function projectionsOf(module: ServiceModule, context: ServiceContext): Projection[] {
  return [
    ...(module.shared?.actors === false ? [] : [actorProjection, actorReputationProjection]),
    ...(module.shared?.siteSettings === false ? [] : [siteSettingsProjection]),
    ...(module.projections?.(context) ?? []),
  ];
}

/** Migrates, wires and starts a service: its HTTP app (not yet listening), its relay and its projections. */
export async function startService(module: ServiceModule, options: StartServiceOptions): Promise<RunningService> {
  const log = options.log.child({ service: module.name });
  const database = connectDatabase({
    url: options.databaseUrl,
    schema: module.name,
    maxConnections: options.maxConnections ?? options.config.dbConnections ?? 10,
  });
  let lease: NodeLease | null = null;
  let publisher: PublisherHandle | null = null;
  let runner: ProjectionRunner | null = null;
  let background: { stop(): Promise<void> } | null = null;
  const changes = new ChangeFeed({ url: options.databaseUrl, schema: module.name, log });
  const catchUp = new CatchUps(log, options.config.catchUpMs);
  try {
    // The lease first: it holds its connection for the process's life, and one that ran the migrations would
    // keep their catalog caches in its server process for as long.
    lease = await leaseNodeId(database.pool, module.name);
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
    };
    const app = await createHttpApp({
      name: module.name,
      log,
      ready: () => isReachable(database.db),
      degraded: async () => (runner ? parkedSummary(await runner.parked()) : null),
      trustProxy: true,
    });
    await registerAuth(
      app,
      module.auth?.(context) ?? {
        actors: new ProjectedActorSource(database.db, changes, options.config.cacheLimits.sessions),
        keys: new TableKeySource(database.db),
      },
    );
    registerCatchUp(app, catchUp, options.bus.kind);
    await module.routes(app, context);
    await app.ready();
    publisher = await options.bus.publish(database);
    runner = new ProjectionRunner({
      bus: options.bus,
      database,
      log,
      projections: projectionsOf(module, context),
      onCommitted: (topics) => changes.changed(topics),
      onKeysCommitted: (topic, keys) => changes.changedKeys(topic, keys),
    });
    catchUp.attach(runner, publisher);
    await runner.start();
    background = (await module.background?.(context)) ?? null;
    const started = { publisher, runner, lease, background };
    return {
      name: module.name,
      app,
      context,
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
