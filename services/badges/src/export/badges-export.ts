import { badgeById } from '@agora/contracts';
import type { ServiceContext } from '@agora/platform';
import type { ExportItem, ExportSource } from '@agora/platform/export/export-source';
import { isoTime, keysetPages } from '@agora/platform/export/keyset-pages';
import { tableEstimate } from '@agora/platform/export/table-estimate';
import { sql } from 'kysely';

const PAGE = 1000;

/** Every award a member holds (a withdrawn one is no longer held), by id, with its badge's catalogue name. */
async function* awardRecords(context: ServiceContext): AsyncIterable<ExportItem> {
  type Row = { award_id: string; badge_id: string; user_id: string; award_key: string; awarded_at: Date };
  const pages = keysetPages<Row>(async (last) => {
    const { rows } = await sql<Row>`
      select award_id, badge_id, user_id, award_key, awarded_at from badge_awards
      where not withdrawn and award_id > ${last?.award_id ?? ''} order by award_id limit ${PAGE}`.execute(
      context.database.db,
    );
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const a of page) {
      yield {
        record: {
          kind: 'badge_award',
          id: a.award_id,
          user_id: a.user_id,
          badge: badgeById(a.badge_id)?.key ?? a.badge_id,
          award_key: a.award_key,
          created_at: isoTime(a.awarded_at),
        },
      };
    }
  }
}

/** Badges' awards as the records an import takes (docs/adr/0094-importing-a-community.md). */
export function badgesExporter(context: ServiceContext): ExportSource {
  return {
    kinds: ['badge_award'],
    estimate: () => tableEstimate(context.database.db, 'badge_awards'),
    records: () => awardRecords(context),
  };
}
