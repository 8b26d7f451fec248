import {
  type AgoraConfig,
  busSettingsOf,
  connectDatabase,
  createEventBus,
  migrateService,
  ProjectionRunner,
} from '@agora/platform';
import {
  createSearchIndex,
  readReindexState,
  reindex,
  replayReadModel,
  searchMigrations,
  searchReadModelProjections,
} from '@agora/search';
import type { Logger } from 'pino';
import { parseCommandLine, refuseUsage } from './command-line';
import { reachDatabase } from './database-access';
import { ProgressBar } from './progress-bar';

const USAGE = `Usage: npm run agora -- search reindex [--from-events] [--restart]
  --from-events   rebuild search's read model from the events first
  --restart       start over instead of resuming an interrupted run`;

/**
 * `search reindex`: rebuilds the search index into a new generation and swaps it in (no downtime);
 * `--from-events` first rebuilds search's read model from the events. An interrupted run (Ctrl-C)
 * resumes where it stopped; `--restart` starts over.
 */
export async function searchCommand(config: AgoraConfig, log: Logger, args: string[]): Promise<number> {
  const line = parseCommandLine(args, {
    usage: USAGE,
    options: { 'from-events': { type: 'boolean' }, restart: { type: 'boolean' } },
    maxPositionals: 1,
  });
  if (line.exit !== undefined) return line.exit;
  if (line.positionals[0] !== 'reindex') return refuseUsage(USAGE, 'the action must be "reindex"');
  const stop = new AbortController();
  const interrupt = () => stop.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const database = await reachDatabase(config, log);
  const search = connectDatabase({ url: database.url, schema: 'search', maxConnections: 4 });
  try {
    await migrateService(search, searchMigrations);
    const restart = line.values.restart === true;
    const state = await readReindexState(search.db);
    // A replay or a document pass that was interrupted goes on from where it stopped.
    const replay =
      state?.phase === 'replaying' || (line.values['from-events'] === true && (restart || state?.phase !== 'building'));
    if (replay) {
      const bus = await createEventBus({
        ...busSettingsOf(config),
        databaseUrl: database.url,
        log,
      });
      const runner = new ProjectionRunner({ bus, database: search, log, projections: searchReadModelProjections });
      const bar = new ProgressBar('events   ');
      try {
        const finished = await replayReadModel({
          db: search.db,
          runner,
          projections: searchReadModelProjections.map((p) => p.name),
          restart,
          onProgress: (done, total) => bar.update(done, total),
          signal: stop.signal,
        });
        bar.finish();
        if (!finished) return interrupted();
      } finally {
        await bus.close();
      }
    }
    const index = await createSearchIndex(config, search.db);
    try {
      await index.prepare();
      const bar = new ProgressBar('documents');
      const result = await reindex({
        db: search.db,
        index,
        restart: restart || replay,
        onProgress: (done, total) => bar.update(done, total),
        signal: stop.signal,
      });
      const { seconds, perSecond } = bar.finish();
      if (!result.completed) return interrupted();
      process.stdout.write(
        `reindexed ${result.documents} documents into ${result.generation} (${index.kind}) in ${seconds.toFixed(1)} s, ` +
          `${Math.round(perSecond)} documents/s${result.resumed ? ', resumed' : ''}\n`,
      );
      return 0;
    } finally {
      await index.close();
    }
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await search.close();
    await database.stop();
  }
}

function interrupted(): number {
  process.stderr.write('\ninterrupted: run the same command again to resume\n');
  return 130;
}
