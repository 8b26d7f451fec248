/**
 * Each asynchronous projection rebuilt from position zero on its own, one after another, as
 * `npm run agora -- projections rebuild <service>.<projection>` does but in an import's batches
 * (`IMPORT_CATCH_UP_BATCH`): the seconds each takes and the events of its source it applied per second
 * (docs/capacity.md §9). Run on a database an import has filled.
 */
import type { EventDefinition } from '@agora/contracts';
import { busSettingsOf, createEventBus, loadConfig, projectionsOf, type ServiceModule } from '@agora/platform';
import pg from 'pg';
import pino from 'pino';
import { IMPORT_CATCH_UP_BATCH } from '../launcher/src/import/open-services';
import { openProjections } from '../launcher/src/projection-runner';
import { ALL_SERVICES } from '../launcher/src/services';

export interface ReplayRate {
  projection: string;
  source: string;
  /** Events of its source's log of the types it reads. */
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

async function countOfTypes(client: pg.Client, source: string, events: readonly EventDefinition[]): Promise<number> {
  const types = events.map((definition) => definition.type);
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from "${source}".events where type = any($1)`,
    [types],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function measureReplayRates(
  databaseUrl: string,
  dataDir: string,
  modules: readonly ServiceModule[] = ALL_SERVICES,
  report: (rate: ReplayRate) => void = () => {},
): Promise<ReplayRate[]> {
  const log = pino({ level: 'warn' });
  const config = loadConfig({ env: { ...process.env, DATABASE_URL: databaseUrl, AGORA_DATA_DIR: dataDir } });
  const bus = await createEventBus({ ...busSettingsOf(config), databaseUrl, log });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rates: ReplayRate[] = [];
  try {
    for (const module of modules) {
      const opened = await openProjections(module, {
        config,
        databaseUrl,
        bus,
        log,
        bulkBatchSize: IMPORT_CATCH_UP_BATCH,
      });
      try {
        for (const projection of projectionsOf(module, opened.context, opened.parts)) {
          const events = await countOfTypes(client, projection.source, projection.events);
          const started = performance.now();
          await opened.runner.rebuild(projection.name);
          await opened.runner.start();
          await opened.runner.waitForCatchUp(60 * 60_000);
          await opened.runner.stop();
          const seconds = (performance.now() - started) / 1000;
          const rate = {
            projection: `${module.name}.${projection.name}`,
            source: projection.source,
            events,
            seconds: Number(seconds.toFixed(2)),
            eventsPerSecond: Math.round(events / seconds),
          };
          rates.push(rate);
          report(rate);
        }
      } finally {
        await opened.close();
      }
    }
  } finally {
    await client.end();
    await bus.close();
  }
  return rates;
}
