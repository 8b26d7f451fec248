import { parseArgs } from 'node:util';
import { type AgoraConfig, createEventBus } from '@agora/platform';
import type { Logger } from 'pino';
import { reachDatabase } from '../database-access';
import { prepareExportFolder } from './export-folder';
import type { ExportManifest } from './manifest';
import { openExportSources } from './open-export-sources';
import { runExport } from './run-export';

export const EXPORT_USAGE = `Usage:
  export <folder> [--with-secrets]

Writes the whole community into <folder> (new, or empty), so it can move to another Agora or another tool:
  Posts.xml, Users.xml, Comments.xml, Votes.xml, Tags.xml, PostHistory.xml, PostLinks.xml, Badges.xml
                   a Stack Exchange data dump (bodies as HTML, revisions as Markdown) any tool for one reads
  agora/<kind>.ndjson
                   every record as Agora keeps it: what the dump format lacks (Markdown, revisions, settings,
                   reactions, flags, follows, reputation, e-mail addresses, …)
  agora/files/     the uploaded files
  agora/manifest.json
                   the format's version, Agora's version, the time of the export, the records of each kind

\`import stackexchange <folder>\` on a new site reads such a folder back whole. The services are read one after
another, not at one instant: export a stopped or quiet site.

Options:
  --with-secrets   also export members' password hashes and the SMTP password (keep the folder safe)
  --help           this text
`;

function parse(args: string[]): { folder: string; withSecrets: boolean } | null {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'with-secrets': { type: 'boolean' }, help: { type: 'boolean' } },
  });
  const [folder, ...rest] = positionals;
  if (values.help || folder === undefined || rest.length > 0) return null;
  return { folder, withSecrets: values['with-secrets'] === true };
}

function summary(folder: string, manifest: ExportManifest): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const records = Object.entries(manifest.counts)
    .filter(([, count]) => (count ?? 0) > 0)
    .map(([kind, count]) => `${kind} ${n(count ?? 0)}`);
  const rows = Object.entries(manifest.dump_rows).map(([file, count]) => `${file} ${n(count)}`);
  return [
    `Exported to ${folder}${manifest.with_secrets ? ' (with secrets)' : ''}.`,
    `  records: ${records.join(', ') || 'none'}`,
    `  Stack Exchange dump rows: ${rows.join(', ')}`,
    `  uploaded files: ${n(manifest.files)}`,
  ].join('\n');
}

/** `export <folder>` (docs/adr/0094-importing-a-community.md, "Export"). Exit codes as `import`'s. */
export async function exportCommand(config: AgoraConfig, log: Logger, args: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${EXPORT_USAGE}`);
    return 64;
  }
  if (!parsed) {
    process.stdout.write(EXPORT_USAGE);
    return args.includes('--help') ? 0 : 64;
  }
  const refused = await prepareExportFolder(parsed.folder);
  if (refused) {
    process.stderr.write(`Export refused: ${refused}\n`);
    return 1;
  }
  let stopRequested = false;
  const stop = () => {
    if (stopRequested) process.exit(130);
    stopRequested = true;
    process.stderr.write('\nStopping (Ctrl-C again stops at once).\n');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const database = await reachDatabase(config, log);
  // The services' projections are never started here: a bus on the database is all their runners are made with.
  const bus = await createEventBus({ kind: 'postgres', databaseUrl: database.url, log });
  let opened: Awaited<ReturnType<typeof openExportSources>> | null = null;
  try {
    opened = await openExportSources({ config, databaseUrl: database.url, bus, log });
    const outcome = await runExport({
      folder: parsed.folder,
      sources: opened.sources,
      legacyIds: opened.legacyIds,
      withSecrets: parsed.withSecrets,
      stopRequested: () => stopRequested,
    });
    if (outcome.kind === 'stopped') {
      process.stderr.write(
        `Export stopped: ${parsed.folder} holds part of it (no manifest). Empty it to export again.\n`,
      );
      return 130;
    }
    process.stdout.write(`${summary(parsed.folder, outcome.manifest)}\n`);
    return 0;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await opened?.close();
    await bus.close();
    await database.stop();
  }
}
