import { type AgoraConfig, createEventBus } from '@agora/platform';
import type { Logger } from 'pino';
import { listenForStop, parseCommandLine, refuseUsage } from '../command-line';
import { reachDatabase } from '../database-access';
import { prepareExportFolder } from './export-folder';
import type { ExportManifest } from './manifest';
import { openExportSources } from './open-export-sources';
import { runExport } from './run-export';

export const EXPORT_USAGE = `Usage:
  npm run agora -- export <folder> [--with-secrets]

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

/** The export asked for, or the status the command ends with (`--help`, or a use refused). */
function parse(args: string[]): { folder: string; withSecrets: boolean } | { exit: number } {
  const line = parseCommandLine(args, {
    usage: EXPORT_USAGE,
    maxPositionals: 1,
    options: { 'with-secrets': { type: 'boolean' } },
  });
  if (line.exit !== undefined) return line;
  const [folder] = line.positionals;
  if (folder === undefined) return { exit: refuseUsage(EXPORT_USAGE, 'name the folder to export into') };
  return { folder, withSecrets: line.values['with-secrets'] === true };
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
  const parsed = parse(args);
  if ('exit' in parsed) return parsed.exit;
  const refused = await prepareExportFolder(parsed.folder);
  if (refused) {
    process.stderr.write(`Export refused: ${refused}\n`);
    return 1;
  }
  const stop = listenForStop('Stopping (Ctrl-C again stops at once).');

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
      stopRequested: () => stop.requested,
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
    stop.release();
    await opened?.close();
    await bus.close();
    await database.stop();
  }
}
