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

type CatalogEvent =
  | EventOf<typeof TagCreated>
  | EventOf<typeof TagEdited>
  | EventOf<typeof TagDeleted>
  | EventOf<typeof TagUndeleted>
  | EventOf<typeof TagSynonymLinked>
  | EventOf<typeof TagSynonymUnlinked>;

async function applyTagEvent(stored: StoredEvent, tx: Tx): Promise<void> {
  const event = stored as unknown as CatalogEvent;
  // Each tag's events arrive in stream order; an older one than the row changes nothing.
  const row = sql`tag_id = ${event.data.tag_id} and version < ${stored.version}`;
  switch (event.type) {
    case 'tags.tag_created': {
      const d = event.data;
      await sql`insert into tag_catalog (tag_id, slug_name, display_name, version)
                values (${d.tag_id}, ${d.slug_name}, ${d.display_name}, ${stored.version})
                on conflict (tag_id) do nothing`.execute(tx);
      return;
    }
    case 'tags.tag_edited': {
      const d = event.data;
      await sql`update tag_catalog set slug_name = ${d.slug_name}, display_name = ${d.display_name},
                version = ${stored.version} where ${row}`.execute(tx);
      return;
    }
    case 'tags.tag_deleted':
    case 'tags.tag_undeleted':
      await sql`update tag_catalog set deleted = ${event.type === 'tags.tag_deleted'}, version = ${stored.version}
                where ${row}`.execute(tx);
      return;
    case 'tags.synonym_linked':
    case 'tags.synonym_unlinked': {
      const main = event.type === 'tags.synonym_linked' ? event.data.main_tag_id : null;
      await sql`update tag_catalog set main_tag_id = ${main}, version = ${stored.version} where ${row}`.execute(tx);
      return;
    }
  }
}

/**
 * Posts' own copy of the tags service's tags (DESIGN §2): canonical display names, which tags exist
 * or are deleted, and which are synonyms of which main tag, so asking and editing file questions
 * under main tags without calling the tags service.
 */
export const tagCatalogProjection: Projection = {
  name: 'tag-catalog',
  source: 'tags',
  events: [TagCreated, TagEdited, TagDeleted, TagUndeleted, TagSynonymLinked, TagSynonymUnlinked],
  apply: applyTagEvent,
  async reset(tx) {
    await sql`truncate tag_catalog`.execute(tx);
  },
};
