import { type AgoraConfig, connectDatabase, type EventBus, migrateService, type ServiceModule } from '@agora/platform';
import type { Logger } from 'pino';
import { catchUpWithProgress } from '../catch-up-progress';
import { type OpenProjections, openProjections } from '../projection-runner';
import { ALL_SERVICES } from '../services';
import type { OpenSink } from './run-import';

/**
 * Events per projection batch while an import's projections catch up: nothing waits on a read model then, and each
 * batch goes through the projection's set-based `applyBatch` (docs/capacity.md §9).
 */
export const IMPORT_CATCH_UP_BATCH = 2_000;

/**
 * Services whose projections catch up at once after an import: two, so that one service's Node work overlaps
 * another's PostgreSQL work on two cores (at 5,000 questions, 98 s for the whole import against 104 s one service
 * at a time; docs/capacity.md §9).
 */
export const IMPORT_CATCH_UP_SERVICES = 2;

/** Every service opened for an import: migrated, set up, its sink if it takes any records, its projections. */
export interface ImportServices {
  sinks: OpenSink[];
  opened: { module: ServiceModule; projections: OpenProjections }[];
  close(): Promise<void>;
}

/**
 * Opens every service on the database for an import (docs/adr/0094-importing-a-community.md): a fresh database
 * gets the services' schemas first, as a start would, so an import can be the first thing a site holds.
 */
export async function openImportServices(options: {
  config: AgoraConfig;
  databaseUrl: string;
  bus: EventBus;
  log: Logger;
  modules?: readonly ServiceModule[];
}): Promise<ImportServices> {
  const opened: ImportServices['opened'] = [];
  const close = async () => {
    for (const { projections } of opened.reverse()) await projections.close();
  };
  try {
    for (const module of options.modules ?? ALL_SERVICES) {
      const database = connectDatabase({ url: options.databaseUrl, schema: module.name, maxConnections: 1 });
      try {
        await migrateService(database, module.migrations);
      } finally {
        await database.close();
      }
      const projections = await openProjections(module, { ...options, bulkBatchSize: IMPORT_CATCH_UP_BATCH });
      opened.push({ module, projections });
    }
  } catch (error) {
    await close();
    throw error;
  }
  const sinks = opened.flatMap(({ module, projections }): OpenSink[] => {
    const sink = module.importer?.(projections.context, projections.parts);
    return sink ? [{ service: module.name, context: projections.context, sink }] : [];
  });
  return { sinks, opened, close };
}

/**
 * Lets every service's asynchronous projections read what the import wrote (search, inboxes, other services'
 * copies), as they would have while the site ran: until none lags. Returns the seconds each service took.
 */
export async function catchUpProjections(
  services: ImportServices,
  report: (line: string) => void,
): Promise<Record<string, number>> {
  const seconds: Record<string, number> = {};
  const waiting = [...services.opened];
  const catchUpNext = async (): Promise<void> => {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      const { module, projections } = next;
      const started = Date.now();
      await projections.runner.start();
      try {
        await catchUpWithProgress(projections.runner, (behind) => report(`${module.name}: ${behind}`));
      } finally {
        await projections.runner.stop();
      }
      seconds[module.name] = (Date.now() - started) / 1000;
    }
  };
  await Promise.all(Array.from({ length: IMPORT_CATCH_UP_SERVICES }, catchUpNext));
  return seconds;
}
