import { normalizeTagSlug, TagStatus } from '@agora/contracts';
import { derivedImportId } from '@agora/contracts/import/legacy-ids';
import type { ImportedTag, ImportTally } from '@agora/contracts/import/records';
import { type EventStore, type ImportRun, noneYet, note, skip, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { MainTag, SynonymLink } from './tag-events';
import { synonymEvents, tagEvents } from './tag-events';
import { writeImported } from './write-events';

interface Row {
  id: string;
  slug_name: string;
  status: number;
  main_tag_id: string | null;
  created_at: Date;
}

async function tagRows(tx: Tx, where: ReturnType<typeof sql>): Promise<Row[]> {
  const { rows } =
    await sql<Row>`select id, slug_name, status, main_tag_id, created_at from tags where ${where}`.execute(tx);
  return rows;
}

/** Tags of the batch whose slug no other tag has (a merge into a site with tags of its own), each slug once. */
async function freeSlugs(tx: Tx, tags: ImportedTag[], tally: ImportTally): Promise<ImportedTag[]> {
  const slugs = tags.map((t) => normalizeTagSlug(t.slug_name));
  const taken = new Map(
    (await tagRows(tx, sql`slug_name = any(${slugs}::text[])`)).map((row) => [row.slug_name, row.id]),
  );
  const seen = new Set<string>();
  return tags.filter((t, i) => {
    const slug = slugs[i] ?? '';
    const owner = taken.get(slug);
    if ((owner !== undefined && owner !== t.id) || seen.has(slug)) {
      skip(tally, 'a tag whose name another tag has');
      return false;
    }
    seen.add(slug);
    return true;
  });
}

/** The synonyms of the batch still to link, with their main tags; those whose main tag is not there are noted. */
async function synonymLinks(
  store: EventStore,
  tx: Tx,
  tags: ImportedTag[],
  tally: ImportTally,
): Promise<SynonymLink[]> {
  for (const t of tags) if (t.main_tag_slug && t.deleted) note(tally, 'a deleted synonym: not linked to its main tag');
  const synonyms = tags.filter((t) => t.main_tag_slug && !t.deleted);
  if (synonyms.length === 0) return [];
  const mainSlugs = synonyms.map((t) => normalizeTagSlug(t.main_tag_slug ?? ''));
  const mains = new Map((await tagRows(tx, sql`slug_name = any(${mainSlugs}::text[])`)).map((r) => [r.slug_name, r]));
  const current = new Map(
    (await tagRows(tx, sql`id = any(${synonyms.map((t) => t.id)}::text[])`)).map((r) => [r.id, r.main_tag_id]),
  );
  const mainIds = [...mains.values()].map((m) => m.id);
  const { rows: existing } = await sql<{ id: string; main_tag_id: string }>`
    select id, main_tag_id from tags where main_tag_id = any(${mainIds}::text[]) order by id`.execute(tx);
  const versions = await store.currentVersions([...synonyms.map((t) => t.id), ...mainIds], tx);
  const byMain = new Map<string, MainTag>();
  const links: SynonymLink[] = [];
  synonyms.forEach((tag, i) => {
    const row = mains.get(mainSlugs[i] ?? '');
    if (current.get(tag.id) === row?.id) return;
    if (!row || row.status !== TagStatus.available || row.main_tag_id !== null || row.id === tag.id) {
      note(tally, 'a synonym of a tag not imported, deleted or a synonym itself: kept as a tag of its own');
      return;
    }
    let main = byMain.get(row.id);
    if (!main) {
      main = {
        id: row.id,
        version: versions.get(row.id) ?? 0,
        synonymIds: existing.filter((e) => e.main_tag_id === row.id).map((e) => e.id),
        createdAt: row.created_at.toISOString(),
      };
      byMain.set(row.id, main);
    }
    links.push({ tag, version: versions.get(tag.id) ?? 0, main });
  });
  return links;
}

/**
 * Imported tags (docs/adr/0094-importing-a-community.md): each its own stream from version 1 (see `tagEvents`),
 * then the batch's synonyms linked to their main tags, which came before them or in the same batch. A synonym
 * linked already is left alone, so writing the batch again appends nothing. Recommended and reserved tags are site
 * settings (the `tags` settings group), not the tags service's.
 */
export async function importTags(
  store: EventStore,
  tx: Tx,
  records: ImportedTag[],
  run: ImportRun,
): Promise<ImportTally> {
  const tally = noneYet();
  const tags = await freeSlugs(tx, records, tally);
  tally.imported += tags.length;
  await writeImported(
    store,
    tx,
    tags.flatMap((t) => tagEvents(t, derivedImportId('revision', t.id))),
    run,
  );
  await writeImported(store, tx, synonymEvents(await synonymLinks(store, tx, tags, tally)), run);
  return tally;
}
