import type { ImportedFlag } from '@agora/contracts/import/records';
import type { ServiceContext } from '@agora/platform';
import type { ExportItem, ExportSource } from '@agora/platform/export/export-source';
import { isoTime, keysetPages } from '@agora/platform/export/keyset-pages';
import { tableEstimate } from '@agora/platform/export/table-estimate';
import { sql } from 'kysely';

const PAGE = 1000;
const STATUS: Record<string, ImportedFlag['status']> = { pending: 'pending', completed: 'handled', ignored: 'ignored' };

/** Every flag, by id, with who raised it, why, and whether it was handled. */
async function* flagRecords(context: ServiceContext): AsyncIterable<ExportItem> {
  type Row = {
    flag_id: string;
    object_id: string;
    reporter_id: string;
    reason_type: number;
    content: string;
    status: string;
    created_at: Date;
  };
  const pages = keysetPages<Row>(async (last) => {
    const { rows } = await sql<Row>`
      select flag_id, object_id, reporter_id, reason_type, content, status, created_at from flags
      where flag_id > ${last?.flag_id ?? ''} order by flag_id limit ${PAGE}`.execute(context.database.db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const f of page) {
      yield {
        record: {
          kind: 'flag',
          id: f.flag_id,
          user_id: f.reporter_id,
          object_id: f.object_id,
          reason_type: f.reason_type,
          content: f.content,
          status: STATUS[f.status] ?? 'pending',
          created_at: isoTime(f.created_at),
        },
      };
    }
  }
}

/** Moderation's flags as the records an import takes (docs/adr/0094-importing-a-community.md). */
export function moderationExporter(context: ServiceContext): ExportSource {
  return {
    kinds: ['flag'],
    estimate: () => tableEstimate(context.database.db, 'flags'),
    records: () => flagRecords(context),
  };
}
