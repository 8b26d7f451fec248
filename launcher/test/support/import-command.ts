import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type LauncherProcess, startLauncher } from '@agora/test-support/launcher-process';
import pg from 'pg';

/** Where a site of the tests keeps its database and its files. */
export interface SiteStore {
  url: string;
  dataDir: string;
}

export function siteStore(url: string): SiteStore {
  return { url, dataDir: mkdtempSync(path.join(os.tmpdir(), 'agora-import-site-')) };
}

/** `npm run agora -- <args>` on a site's database, as an operator runs it. */
export function agoraCommand(site: SiteStore, args: string[]): LauncherProcess {
  return startLauncher({ DATABASE_URL: site.url, AGORA_DATA_DIR: site.dataDir, LOG_LEVEL: 'warn' }, args);
}

/** Runs a command to its end: its exit code and everything it printed. */
export async function runAgora(site: SiteStore, args: string[]): Promise<{ code: number | null; output: string }> {
  const run = agoraCommand(site, args);
  const code = await run.exited;
  return { code, output: run.output() };
}

/**
 * Every event each service's store holds (or only those an import wrote), as `schema stream_id version type time
 * data-digest` lines in order: two sites that hold the same lines hold the same history (event ids and positions
 * aside). A time of the last day is an import's own (`now`), not an original one, and shows as `now`; so does no
 * `at` the data repeats it in.
 */
export async function eventLines(url: string, options: { importedOnly?: boolean } = {}): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: schemas } = await client.query<{ schema: string }>(
      `select table_schema as schema from information_schema.tables where table_name = 'events'
       and table_schema not in ('public', 'agora_import') order by 1`,
    );
    const lines: string[] = [];
    for (const { schema } of schemas) {
      const { rows } = await client.query<{ line: string }>(
        `select concat_ws(' ', $1::text, stream_id, stream_version, type,
           case when created_at > now() - interval '1 day' then 'now' else created_at::text end, md5((data - 'at')::text)) as line
         from "${schema}".events ${options.importedOnly ? `where metadata->>'imported' = 'true'` : ''}
         order by stream_id, stream_version`,
        [schema],
      );
      lines.push(...rows.map((r) => r.line));
    }
    return lines;
  } finally {
    await client.end();
  }
}
