import { writeFileSync } from 'node:fs';
import { type AgoraConfig, busSettingsOf, createEventBus } from '@agora/platform';
import type { Logger } from 'pino';
import { listenForStop, parseCommandLine, refuseUsage } from '../command-line';
import { reachDatabase } from '../database-access';
import { reportLines } from './import-report';
import { catchUpProjections, openImportServices } from './open-services';
import { runImport } from './run-import';
import { ImportInputError, type ImportSource } from './source';
import { type SourceRequest, sourceFor, uploadsFor } from './sources';

export const IMPORT_USAGE = `Usage:
  npm run agora -- import answer --from <postgres://…|mysql://…|sqlite:<path>> [--uploads <dir>] [options]
  npm run agora -- import stackexchange <folder> [options]

Brings a community into this Agora: an Apache Answer installation (v1.x to v2.0.x) from its database, or a
Stack Exchange data dump from the folder of its XML files. Members, posts with their history and original times,
votes, reputation, badges and settings come in; the old links keep working.

Options:
  --dry-run        read and check everything, write nothing
  --merge          add to a site that has content of its own (refused otherwise)
  --batch <n>      records per transaction (default 1000)
  --report <file>  also write the report as JSON
  --help           this text

An import stopped by Ctrl-C or a crash goes on from its last checkpoint when the same command runs again; run twice,
it writes nothing twice. While it is unfinished, the site shows its maintenance page.
`;

type Parsed = { request: SourceRequest; flags: Record<string, string | boolean | undefined> };

/** The import asked for, or the status the command ends with (`--help`, or a use refused). */
function parse(args: string[]): Parsed | { exit: number } {
  const line = parseCommandLine(args, {
    usage: IMPORT_USAGE,
    maxPositionals: 2,
    options: {
      from: { type: 'string' },
      uploads: { type: 'string' },
      'dry-run': { type: 'boolean' },
      merge: { type: 'boolean' },
      batch: { type: 'string' },
      report: { type: 'string' },
    },
  });
  if (line.exit !== undefined) return line;
  const { values } = line;
  const [kind, folder] = line.positionals;
  if (kind === 'answer' && values.from && folder === undefined) {
    return { request: { kind, from: values.from, uploads: values.uploads }, flags: values };
  }
  if (kind === 'stackexchange' && folder !== undefined && !values.from && !values.uploads) {
    return { request: { kind, folder }, flags: values };
  }
  return { exit: refuseUsage(IMPORT_USAGE) };
}

/** `import answer|stackexchange …` (docs/adr/0094-importing-a-community.md). */
export async function importCommand(config: AgoraConfig, log: Logger, args: string[]): Promise<number> {
  const parsed = parse(args);
  if ('exit' in parsed) return parsed.exit;
  const batch = parsed.flags.batch === undefined ? undefined : Number(parsed.flags.batch);
  if (batch !== undefined && !(Number.isInteger(batch) && batch >= 1 && batch <= 100_000)) {
    return refuseUsage(IMPORT_USAGE, '--batch must be a whole number from 1 to 100000');
  }
  const stop = listenForStop('Stopping after the batch being written (Ctrl-C again stops at once; both resume).');

  const database = await reachDatabase(config, log);
  const bus = await createEventBus({ ...busSettingsOf(config), databaseUrl: database.url, log });
  let source: ImportSource | null = null;
  let services: Awaited<ReturnType<typeof openImportServices>> | null = null;
  try {
    const reading = sourceFor(parsed.request, { databaseUrl: database.url });
    source = reading;
    services = await openImportServices({ config, databaseUrl: database.url, bus, log });
    const outcome = await runImport({
      databaseUrl: database.url,
      source: reading,
      sinks: services.sinks,
      dryRun: parsed.flags['dry-run'] === true,
      merge: parsed.flags.merge === true,
      uploadsFrom: uploadsFor(parsed.request),
      batch,
      stopRequested: () => stop.requested,
    });
    let caughtUp: Record<string, number> = {};
    if (outcome.kind === 'finished') {
      if (config.bus === 'postgres') {
        caughtUp = await catchUpProjections(services, (line) => process.stderr.write(`catching up: ${line}\n`));
      } else {
        process.stdout.write("The services' projections read the imported events from Kafka once they run.\n");
      }
    }
    process.stdout.write(`${reportLines(outcome, caughtUp).join('\n')}\n`);
    if (typeof parsed.flags.report === 'string') {
      writeFileSync(parsed.flags.report, `${JSON.stringify({ outcome, caughtUp }, null, 2)}\n`);
    }
    if (outcome.kind === 'refused') return 1;
    return outcome.kind === 'stopped' ? 130 : 0;
  } catch (error) {
    if (error instanceof ImportInputError) {
      process.stderr.write(`Import stopped on bad input: ${error.message}\n`);
      return 65;
    }
    throw error;
  } finally {
    stop.release();
    await services?.close();
    await source?.close().catch(() => {});
    await bus.close();
    await database.stop();
  }
}
