import { UPLOADS_PATH } from '@agora/contracts';
import type { ImportedFile } from '@agora/contracts/import/records';
import type { ServiceContext } from '@agora/platform';
import type { ExportItem, ExportOptions, ExportSource } from '@agora/platform/export/export-source';
import { sql } from 'kysely';
import type { FileStorage } from '../uploads/storage';
import { storedKeys } from './stored-keys';

/** Settings values only the operator's `--with-secrets` lets out: group, then field. */
const SECRETS: Record<string, string[]> = { smtp: ['smtp_password'] };

/** Every settings group as the admin pages keep it; secrets emptied unless asked for. */
async function* settingsRecords(context: ServiceContext, options: ExportOptions): AsyncIterable<ExportItem> {
  const { rows } = await sql<{ group_name: string; values: Record<string, unknown> }>`
    select group_name, values from site_settings order by group_name`.execute(context.database.db);
  for (const row of rows) {
    const values = { ...row.values };
    if (!options.withSecrets)
      for (const field of SECRETS[row.group_name] ?? []) if (field in values) values[field] = '';
    yield { record: { kind: 'settings', group: row.group_name, values } };
  }
}

/** Who uploaded an imported file and what it was, where an import said so (the table exists once one ran). */
async function importedFileFacts(context: ServiceContext, key: string) {
  const db = context.database.db;
  const { rows: present } = await sql<{
    table: string | null;
  }>`select to_regclass('imported_files')::text as table`.execute(db);
  if (!present[0]?.table) return undefined;
  const { rows } = await sql<{ user_id: string; source: ImportedFile['source'] }>`
    select user_id, source from imported_files where storage_key = ${key} limit 1`.execute(db);
  return rows[0];
}

/** Every stored upload: its key is its path under the export's `uploads/`, and the address posts embed it at. */
async function* fileRecords(context: ServiceContext, storage: FileStorage): AsyncIterable<ExportItem> {
  const settings = await context.siteSettings();
  const siteUrl = (settings.general.site_url || context.config.siteUrl).replace(/\/+$/, '');
  for await (const key of storedKeys(storage)) {
    const known = await importedFileFacts(context, key);
    yield {
      record: {
        kind: 'file',
        user_id: known?.user_id ?? '',
        path: key,
        url: `${siteUrl}${UPLOADS_PATH}/${key}`,
        source: known?.source ?? 'post',
      },
    };
  }
}

/** Site's settings and uploaded files as the records an import takes (docs/adr/0094-importing-a-community.md). */
export function siteExporter(context: ServiceContext, storage: FileStorage): ExportSource {
  return {
    kinds: ['settings', 'file'],
    async estimate(kind) {
      if (kind === 'settings') {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from site_settings`.execute(
          context.database.db,
        );
        return rows[0]?.n ?? 0;
      }
      return 0;
    },
    records: (kind, options) =>
      kind === 'settings' ? settingsRecords(context, options) : fileRecords(context, storage),
    async fileContent(key) {
      return (await storage.get(key))?.stream;
    },
  };
}
