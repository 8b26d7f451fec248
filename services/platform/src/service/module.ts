import type { EventDefinition, SiteSettings } from '@agora/contracts';
import type { Logger } from 'pino';
import type { ActorSource, KeySource } from '../auth/actor';
import type { AgoraConfig } from '../config/config';
import type { ChangeFeed } from '../db/change-feed';
import type { ServiceDatabase } from '../db/database';
import type { Migrations } from '../db/migrate';
import type { EventStore } from '../eventstore/event-store';
import type { ExportSource } from '../export/export-source';
import type { HttpApp } from '../http/app';
import type { IdGenerator } from '../ids/id-generator';
import type { ImportSink } from '../import/import-sink';
import type { Projection } from '../projections/projection';
import type { ProjectionRunner } from '../projections/runner';
import type { CatchUps } from './catch-up';

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
  /** Waits for events on their way to this service's projections (docs/adr/0044-catching-up.md). */
  catchUp: CatchUps;
  /** The current site settings (this service's copy), read again only when they change. */
  siteSettings(): Promise<SiteSettings>;
}

/**
 * A service as one unit: schema, routes, the events it produces and the projections it runs (DESIGN §1).
 * `Parts` are what one running instance of it is made of (its command and read objects, caches, workers):
 * `setup` builds them once per instance, and its routes, projections and background work are handed the
 * same parts, so two instances in one process never share them.
 */
export interface ServiceModule<Parts = unknown> {
  /** Also its PostgreSQL schema and its topic name. */
  name: string;
  migrations: Migrations;
  /** Event types it produces, with their schemas. */
  events: readonly EventDefinition[];
  /**
   * Builds this instance's parts, after its migrations ran. Nothing here reads or starts anything: the
   * operator commands set a service up only to run its projections; work starts in `background`.
   */
  setup(context: ServiceContext): Parts | Promise<Parts>;
  routes(app: HttpApp, context: ServiceContext, parts: Parts): Promise<void>;
  projections?(context: ServiceContext, parts: Parts): Projection[];
  /**
   * Whether the service keeps the shared copies every service has by default: actors (from identity)
   * and site settings (from site). The owners of those facts turn their copy off.
   */
  shared?: { actors?: boolean; siteSettings?: boolean };
  /** Where tokens are checked against: by default the service's own actor and key projections. */
  auth?(context: ServiceContext, parts: Parts): { actors: ActorSource; keys: KeySource };
  /** What the service takes in from an import of a community (docs/adr/0094-importing-a-community.md). */
  importer?(context: ServiceContext, parts: Parts): ImportSink;
  /** What the service gives an export of the community: its read models as import records (`npm run agora -- export`). */
  exporter?(context: ServiceContext, parts: Parts): ExportSource;
  /** Long-running work beside the HTTP routes (workers, flushers), stopped when the service closes. */
  background?(context: ServiceContext, parts: Parts): Promise<{ stop(): Promise<void> }>;
}

export interface RunningService<Parts = unknown> {
  name: string;
  /** The module this instance runs. */
  module: ServiceModule<Parts>;
  app: HttpApp;
  context: ServiceContext;
  /** What `module.setup` built for this instance. */
  parts: Parts;
  projections: ProjectionRunner;
  close(): Promise<void>;
}

/**
 * A running instance's parts, typed by the module that set it up: for hosts that hold services of every
 * kind side by side (the test stack, the benchmarks). Refuses an instance of another module.
 */
export function partsOf<Parts>(service: RunningService, module: ServiceModule<Parts>): Parts {
  if (service.module.setup !== module.setup) {
    throw new Error(`service ${service.name} was not set up by the ${module.name} module`);
  }
  // The same setup made them: they are this module's parts.
  return service.parts as Parts;
}
