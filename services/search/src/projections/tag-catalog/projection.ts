import {
  type EventOf,
  TagCreated,
  TagDeleted,
  TagEdited,
  TagSynonymLinked,
  TagSynonymUnlinked,
  TagUndeleted,
} from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import { SEARCH_POST_WRITERS, TOUCH, touchAnswersOf } from '../documents/changes';

type Event =
  | EventOf<typeof TagCreated>
  | EventOf<typeof TagEdited>
  | EventOf<typeof TagDeleted>
  | EventOf<typeof TagUndeleted>
  | EventOf<typeof TagSynonymLinked>
  | EventOf<typeof TagSynonymUnlinked>;

/** Questions carrying one of the slugs (and their answers) are indexed again: their tag terms changed. */
async function touchTagged(tx: Tx, slugs: string[]): Promise<void> {
  for (const slug of new Set(slugs)) {
    const { rows } = await sql<{ id: string }>`
      update search_posts set ${TOUCH}
      where type = 'question' and tags @> ${JSON.stringify([{ slug_name: slug }])}::jsonb
      returning id`.execute(tx);
    await touchAnswersOf(
      tx,
      rows.map((r) => r.id),
    );
  }
}

async function slugOf(tx: Tx, tagId: string): Promise<string | undefined> {
  const { rows } = await sql<{ slug_name: string }>`select slug_name from search_tags where tag_id = ${tagId}`.execute(
    tx,
  );
  return rows[0]?.slug_name;
}

/** Applies a tag's event once; returns the tag's slug before the change when it was applied. */
async function update(tx: Tx, tagId: string, version: number, set: ReturnType<typeof sql>): Promise<string | null> {
  const before = await slugOf(tx, tagId);
  const { rows } = await sql`update search_tags set ${set}, version = ${version}
                             where tag_id = ${tagId} and version < ${version} returning tag_id`.execute(tx);
  return rows.length > 0 && before !== undefined ? before : null;
}

async function apply(stored: StoredEvent, tx: Tx): Promise<void> {
  const event = stored as unknown as Event;
  const version = stored.version;
  switch (event.type) {
    case 'tags.tag_created': {
      const d = event.data;
      await sql`insert into search_tags (tag_id, slug_name, display_name, version)
                values (${d.tag_id}, ${d.slug_name}, ${d.display_name}, ${version})
                on conflict (tag_id) do nothing`.execute(tx);
      return;
    }
    case 'tags.tag_edited': {
      const d = event.data;
      const before = await update(
        tx,
        d.tag_id,
        version,
        sql`slug_name = ${d.slug_name}, display_name = ${d.display_name}`,
      );
      if (before !== null) await touchTagged(tx, [before, d.slug_name, ...(await synonymSlugs(tx, d.tag_id))]);
      return;
    }
    case 'tags.tag_deleted':
    case 'tags.tag_undeleted':
      await update(tx, event.data.tag_id, version, sql`deleted = ${event.type === 'tags.tag_deleted'}`);
      return;
    case 'tags.synonym_linked':
    case 'tags.synonym_unlinked': {
      const d = event.data;
      const main = event.type === 'tags.synonym_linked' ? d.main_tag_id : null;
      const slug = await update(tx, d.tag_id, version, sql`main_tag_id = ${main}`);
      if (slug !== null) await touchTagged(tx, [slug]);
      return;
    }
  }
}

async function synonymSlugs(tx: Tx, mainTagId: string): Promise<string[]> {
  const { rows } = await sql<{ slug_name: string }>`
    select slug_name from search_tags where main_tag_id = ${mainTagId}`.execute(tx);
  return rows.map((r) => r.slug_name);
}

/**
 * Search's copy of the tags service's tags: display names and which tag is a synonym of which main
 * tag. A `[tag]` query finds the main tag and all its synonyms; indexed documents carry the main tag of
 * every synonym they are tagged with, and are indexed again when that changes.
 */
export const tagCatalogProjection: Projection = {
  name: 'search-tags',
  source: 'tags',
  lockGroup: SEARCH_POST_WRITERS,
  events: [TagCreated, TagEdited, TagDeleted, TagUndeleted, TagSynonymLinked, TagSynonymUnlinked],
  apply,
  async reset(tx) {
    await sql`truncate search_tags`.execute(tx);
  },
};
