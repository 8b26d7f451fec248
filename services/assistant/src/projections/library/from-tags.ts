import {
  type EventOf,
  TagCreated,
  TagDeleted,
  TagEdited,
  TagSynonymLinked,
  TagSynonymUnlinked,
  TagUndeleted,
} from '@agora/contracts';
import {
  applyInRuns,
  type BulkApply,
  type Projection,
  plainTextOfHtml,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import { sql } from 'kysely';

type Event =
  | EventOf<typeof TagCreated>
  | EventOf<typeof TagEdited>
  | EventOf<typeof TagDeleted>
  | EventOf<typeof TagUndeleted>
  | EventOf<typeof TagSynonymLinked>
  | EventOf<typeof TagSynonymUnlinked>;

async function update(tx: Tx, stored: StoredEvent, id: string, set: ReturnType<typeof sql>): Promise<void> {
  await sql`update library_tags set ${set}, version = ${stored.version}
            where id = ${id} and version < ${stored.version}`.execute(tx);
}

async function apply(stored: StoredEvent, tx: Tx): Promise<void> {
  const event = stored as unknown as Event;
  switch (event.type) {
    case 'tags.tag_created': {
      const d = event.data;
      await sql`
        insert into library_tags (id, slug_name, display_name, description, version)
        values (${d.tag_id}, ${d.slug_name}, ${d.display_name}, ${plainTextOfHtml(d.parsed_text)}, ${stored.version})
        on conflict (id) do nothing`.execute(tx);
      return;
    }
    case 'tags.tag_edited': {
      const d = event.data;
      await update(
        tx,
        stored,
        d.tag_id,
        sql`slug_name = ${d.slug_name}, display_name = ${d.display_name}, description = ${plainTextOfHtml(d.parsed_text)}`,
      );
      return;
    }
    case 'tags.tag_deleted':
    case 'tags.tag_undeleted':
      await update(tx, stored, event.data.tag_id, sql`deleted = ${event.type === 'tags.tag_deleted'}`);
      return;
    case 'tags.synonym_linked':
      await update(tx, stored, event.data.tag_id, sql`main_tag_id = ${event.data.main_tag_id}`);
      return;
    case 'tags.synonym_unlinked':
      await update(tx, stored, event.data.tag_id, sql`main_tag_id = null`);
      return;
  }
}

/** A run of creations (an import's tags) in one statement: each tag's first creation wins, as one by one. */
const createdInBulk: BulkApply = {
  types: new Set([TagCreated.type]),
  async apply(run, tx) {
    const created = new Map<string, object>();
    for (const stored of run) {
      const d = (stored as unknown as EventOf<typeof TagCreated>).data;
      if (created.has(d.tag_id)) continue;
      created.set(d.tag_id, {
        id: d.tag_id,
        s: d.slug_name,
        n: d.display_name,
        d: plainTextOfHtml(d.parsed_text),
        v: stored.version,
      });
    }
    await sql`
      insert into library_tags (id, slug_name, display_name, description, version)
      select id, s, n, d, v from jsonb_to_recordset(${JSON.stringify([...created.values()])}::jsonb)
        as i(id text, s text, n text, d text, v int)
      on conflict (id) do nothing`.execute(tx);
  },
};

/** The library's tags: names, wiki text and which are synonyms, for `get_tags` and `get_tag_detail`. */
export const libraryFromTags: Projection = {
  name: 'library-from-tags',
  source: 'tags',
  events: [TagCreated, TagEdited, TagDeleted, TagUndeleted, TagSynonymLinked, TagSynonymUnlinked],
  apply,
  applyBatch: (events, tx) => applyInRuns(events, tx, createdInBulk, apply),
  async reset(tx) {
    await sql`truncate library_tags`.execute(tx);
  },
};
