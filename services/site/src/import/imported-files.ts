import { UPLOADS_PATH } from '@agora/contracts';
import { type Db, loadSiteSettings, type Tx } from '@agora/platform';
import { sql } from 'kysely';

/** Keeps where an imported file is now, by the URL the source named it with; the same file again changes nothing. */
export async function keepImportedFile(
  tx: Tx,
  file: { url: string; key: string; source: string; userId: string },
): Promise<void> {
  await sql`
    insert into imported_files (source_url, storage_key, source, user_id)
    values (${file.url}, ${file.key}, ${file.source}, ${file.userId})
    on conflict (source_url) do update set storage_key = excluded.storage_key, source = excluded.source,
      user_id = excluded.user_id`.execute(tx);
}

/**
 * Where imported files are now (docs/adr/0094-importing-a-community.md): each old URL the site knows, with the
 * address Agora serves its copy at (the upload route's kind of address, on the site's current address). Old URLs
 * the import did not copy are absent.
 */
export async function importedFileUrls(db: Db | Tx, siteUrl: string, urls: string[]): Promise<Map<string, string>> {
  if (urls.length === 0) return new Map();
  const { rows } = await sql<{ source_url: string; storage_key: string }>`
    select source_url, storage_key from imported_files where source_url = any(${urls}::text[])`.execute(db);
  const site = ((await loadSiteSettings(db, siteUrl)).general.site_url || siteUrl).replace(/\/+$/, '');
  return new Map(rows.map((row) => [row.source_url, `${site}${UPLOADS_PATH}/${row.storage_key}`]));
}
