import { ObjectType, TagStatus } from '@agora/contracts';
import type { ImportedTag, ImportKind } from '@agora/contracts/import/records';
import { type Db, type ServiceContext, tagMarks } from '@agora/platform';
import type { ExportItem, ExportSource } from '@agora/platform/export/export-source';
import { importedIdRange, isoTime, keysetPages, sequenceOf } from '@agora/platform/export/keyset-pages';
import { tableEstimate } from '@agora/platform/export/table-estimate';
import { sql } from 'kysely';

const PAGE = 1000;

interface TagRow {
  id: string;
  slug_name: string;
  display_name: string;
  original_text: string;
  user_id: string;
  status: number;
  main_slug: string | null;
  created_at: Date;
}

/** Every tag with its wiki and what it is a synonym of; recommended and reserved as the site's settings mark them. */
async function* tagRecords(context: ServiceContext): AsyncIterable<ExportItem> {
  const db = context.database.db;
  const marks = tagMarks(await context.siteSettings());
  const pages = keysetPages<TagRow>(async (last) => {
    const { rows } = await sql<TagRow>`
      select t.id, t.slug_name, t.display_name, t.original_text, t.user_id, t.status, m.slug_name as main_slug,
             t.created_at
      from tags t left join tags m on m.id = t.main_tag_id
      where t.id > ${last?.id ?? ''} order by t.id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const t of page) {
      const record: ImportedTag = {
        kind: 'tag',
        id: t.id,
        slug_name: t.slug_name,
        display_name: t.display_name,
        wiki: t.original_text,
        excerpt: '',
        ...(t.main_slug ? { main_tag_slug: t.main_slug } : {}),
        ...marks.of(t.slug_name),
        deleted: t.status === TagStatus.deleted,
        user_id: t.user_id,
        created_at: isoTime(t.created_at),
      };
      yield { record };
    }
  }
}

/** Who follows which tag. */
async function* tagFollowRecords(db: Db): AsyncIterable<ExportItem> {
  type Row = { user_id: string; tag_id: string; created_at: Date };
  const pages = keysetPages<Row>(async (last) => {
    const after = last ? sql`where (tag_id, user_id) > (${last.tag_id}, ${last.user_id})` : sql``;
    const { rows } = await sql<Row>`
      select user_id, tag_id, created_at from tag_follows ${after} order by tag_id, user_id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const f of page) {
      yield { record: { kind: 'follow', user_id: f.user_id, object_id: f.tag_id, created_at: isoTime(f.created_at) } };
    }
  }
}

/** Tags' read models as the records an import takes (docs/adr/0094-importing-a-community.md). */
export function tagsExporter(context: ServiceContext): ExportSource {
  const db = context.database.db;
  const kinds: ImportKind[] = ['tag', 'follow'];
  return {
    kinds,
    estimate: (kind) => tableEstimate(db, kind === 'tag' ? 'tags' : 'tag_follows'),
    records: (kind) => (kind === 'tag' ? tagRecords(context) : tagFollowRecords(db)),
    async highestNumbers() {
      const { low, high } = importedIdRange(ObjectType.tag);
      const { rows } = await sql<{ id: string | null }>`
        select max(id) as id from tags where id > ${low} and id < ${high}`.execute(db);
      return { tag: sequenceOf(rows[0]?.id) };
    },
  };
}
