import { IMPORT_KINDS, type ImportKind, type ImportRecord, type ImportTally } from '@agora/contracts/import/records';
import type { ImportRun, ImportSink, ServiceContext } from '@agora/platform';
import { ProgressBar } from '../progress-bar';
import { type ImportRunState, ImportState } from './import-state';
import type { ImportSource } from './source';

/** A service's sink, opened on its database, with its name for the report. */
export interface OpenSink {
  service: string;
  context: ServiceContext;
  sink: ImportSink;
}

export interface ImportOptions {
  databaseUrl: string;
  source: ImportSource;
  sinks: OpenSink[];
  dryRun?: boolean;
  merge?: boolean;
  uploadsFrom?: string;
  /** Records per transaction. */
  batch?: number;
  /** Asked between batches: true stops the run there (Ctrl-C), to be resumed. */
  stopRequested?: () => boolean;
  /** Where progress lines go (stderr by default). */
  progress?: NodeJS.WriteStream;
}

export type ImportOutcome =
  | { kind: 'finished'; run: ImportRunState; resumed: boolean }
  | { kind: 'stopped'; run: ImportRunState }
  | { kind: 'refused'; reason: string }
  | { kind: 'checked'; counts: Partial<Record<ImportKind, number>> };

const DEFAULT_BATCH = 1000;

/** Services whose sink said they hold content of their own, when the site is not empty. */
async function servicesWithContent(sinks: OpenSink[]): Promise<string[]> {
  const holding: string[] = [];
  for (const { service, sink } of sinks) if (await sink.holdsContent()) holding.push(service);
  return holding;
}

function addTally(into: ImportTally, from: ImportTally): void {
  into.imported += from.imported;
  into.skipped += from.skipped;
  for (const [reason, n] of Object.entries(from.reasons)) into.reasons[reason] = (into.reasons[reason] ?? 0) + n;
}

/**
 * Runs an import (docs/adr/0094-importing-a-community.md): kind by kind, batches of records written by every
 * service that takes their kind, each in one transaction of its own database, the checkpoint kept after each
 * batch. It opens the source; the caller closes it. A run left unfinished (Ctrl-C, a crash) is resumed by the next
 * run of the same source: it skips the records written before, and the batch that was in flight is written again,
 * which changes nothing.
 */
export async function runImport(options: ImportOptions): Promise<ImportOutcome> {
  const { source, sinks } = options;
  const batchSize = options.batch ?? DEFAULT_BATCH;
  await source.open();
  if (options.dryRun) return { kind: 'checked', counts: await readEverything(source, options.progress) };

  const state = await ImportState.open(options.databaseUrl);
  try {
    const unfinished = await state.unfinished();
    if (unfinished && unfinished.source !== source.description) {
      return {
        kind: 'refused',
        reason: `an import of ${unfinished.source} is unfinished: run that import again to finish it first`,
      };
    }
    if (!unfinished && !options.merge) {
      const holding = await servicesWithContent(sinks);
      if (holding.length > 0) {
        return {
          kind: 'refused',
          reason: `this site has content of its own (${holding.join(', ')}): import into a new site, or add --merge to add to it`,
        };
      }
    }
    const run = unfinished ?? (await state.begin(source.description));
    const importRun: ImportRun = {
      id: run.id,
      dryRun: false,
      merge: options.merge ?? false,
      legacyIds: source.legacyIds,
      ...(options.uploadsFrom ? { uploadsFrom: options.uploadsFrom } : {}),
    };
    for (const kind of IMPORT_KINDS) {
      const takers = sinks.filter((s) => s.sink.kinds.includes(kind));
      if (takers.length === 0) continue;
      const stopped = await importKind(kind, takers, { source, state, run, importRun, batchSize, options });
      if (stopped) return { kind: 'stopped', run };
    }
    for (const { context, sink } of sinks) {
      const finish = sink.finish?.bind(sink);
      if (finish) await context.database.db.transaction().execute((tx) => finish(tx, importRun));
    }
    await state.finish(run);
    return { kind: 'finished', run, resumed: unfinished !== null };
  } finally {
    await state.close();
  }
}

interface KindRun {
  source: ImportSource;
  state: ImportState;
  run: ImportRunState;
  importRun: ImportRun;
  batchSize: number;
  options: ImportOptions;
}

/** Writes one kind's records after those done before; true when asked to stop on the way. */
async function importKind(kind: ImportKind, takers: OpenSink[], k: KindRun): Promise<boolean> {
  const { run, state } = k;
  const already = run.done[kind] ?? 0;
  const total = Math.max(await k.source.estimate(kind), already);
  const bar = new ProgressBar(`import ${kind}`, k.options.progress);
  run.tallies[kind] ??= {};
  const tallies = run.tallies[kind];
  let seen = 0;
  let batch: ImportRecord[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const records = batch;
    batch = [];
    for (const { service, context, sink } of takers) {
      const tally = await context.database.db.transaction().execute((tx) => sink.write(tx, records, k.importRun));
      tallies[service] ??= { imported: 0, skipped: 0, reasons: {} };
      addTally(tallies[service], tally);
      context.changes.changed();
    }
    run.done[kind] = seen;
    await state.checkpoint(run);
    // The rate and the time left count this run's records, not those a run before it wrote.
    bar.update(seen - already, Math.max(total, seen) - already);
  };

  for await (const record of k.source.records(kind)) {
    seen += 1;
    if (seen <= already) continue;
    batch.push(record);
    if (batch.length >= k.batchSize) {
      await flush();
      if (k.options.stopRequested?.()) return true;
    }
  }
  await flush();
  run.done[kind] = seen;
  await state.checkpoint(run);
  if (seen > 0) bar.finish();
  return false;
}

/** `--dry-run`: every record read (and so checked by its reader), nothing written. */
async function readEverything(source: ImportSource, out?: NodeJS.WriteStream) {
  const counts: Partial<Record<ImportKind, number>> = {};
  for (const kind of IMPORT_KINDS) {
    const bar = new ProgressBar(`check ${kind}`, out);
    const total = await source.estimate(kind);
    let n = 0;
    for await (const _ of source.records(kind)) {
      n += 1;
      if (n % 1000 === 0) bar.update(n, Math.max(total, n));
    }
    counts[kind] = n;
    if (n > 0) bar.finish();
  }
  return counts;
}
