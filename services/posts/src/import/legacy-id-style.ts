import type { ImportRun, Tx } from '@agora/platform';
import { sql } from 'kysely';

/** Keeps the id style of the site's old links, the run's (docs/adr/0094-importing-a-community.md): one row. */
export async function keepLegacyIdStyle(tx: Tx, run: ImportRun): Promise<void> {
  await sql`insert into import_legacy_ids (only_row, style) values (true, ${run.legacyIds})
            on conflict (only_row) do update set style = excluded.style`.execute(tx);
}
