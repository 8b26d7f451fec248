/**
 * The assistant's library of tags a batch at a time (the replay of an import: docs/capacity.md §9) leaves its table
 * as applying each event in turn: creations in runs, a tag created twice (the first wins), one there before the
 * batch created again, and edits, deletions and synonym links between runs.
 */
import { TagCreated, TagDeleted, TagEdited, TagSynonymLinked } from '@agora/contracts';
import type { ServiceDatabase } from '@agora/platform';
import { appliedBothWays, deliveredEvent, everyTable, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { assistantMigrations } from '../src/migrations';
import { libraryFromTags } from '../src/projections/library/from-tags';

const content = (name: string, wiki: string) => ({
  slug_name: name,
  display_name: name.toUpperCase(),
  original_text: wiki,
  parsed_text: `<p>${wiki}</p>`,
});
const created = (id: string, name: string, wiki = `about ${name}`) =>
  deliveredEvent('tags', TagCreated.type, id, {
    tag_id: id,
    user_id: 'u1',
    revision_id: `r-${id}`,
    question_id: null,
    ...content(name, wiki),
  });
const edited = (id: string, version: number, name: string, wiki: string) =>
  deliveredEvent(
    'tags',
    TagEdited.type,
    id,
    { tag_id: id, editor_id: 'u2', revision_id: `r-${id}-${version}`, edit_summary: '', ...content(name, wiki) },
    version,
  );

async function seed(database: ServiceDatabase) {
  await sql`insert into library_tags (id, slug_name, display_name, description, version)
            values ('tag-old', 'old', 'OLD', 'there before', 2)`.execute(database.db);
}

const schema = serviceSchemas('library_from_tags_bulk', assistantMigrations, seed);

const read = (database: ServiceDatabase) => everyTable(database, ['kysely_migration', 'kysely_migration_lock']);

describe("the assistant's library of tags a batch at a time", () => {
  it('leaves the tags as applying each event in turn', async () => {
    const events = [
      created('tag-1', 'kafka', 'about <b>kafka</b> &amp; streams'),
      created('tag-2', 'java'),
      created('tag-1', 'kafka-again'),
      created('tag-old', 'old-again'),
      edited('tag-2', 2, 'java', 'the language'),
      created('tag-3', 'go'),
      deliveredEvent('tags', TagDeleted.type, 'tag-3', { tag_id: 'tag-3', actor_id: 'mod' }, 2),
      created('tag-3', 'go-again'),
      created('tag-4', 'golang'),
      deliveredEvent(
        'tags',
        TagSynonymLinked.type,
        'tag-4',
        { tag_id: 'tag-4', main_tag_id: 'tag-3', actor_id: 'mod' },
        2,
      ),
      created('tag-5', 'rust'),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(libraryFromTags, events, schema, 'library_tags');
    const expected = await read(oneByOne);
    expect(
      (
        await sql`select id, slug_name, description, main_tag_id, deleted, version from library_tags order by id`.execute(
          oneByOne.db,
        )
      ).rows,
    ).toEqual([
      {
        id: 'tag-1',
        slug_name: 'kafka',
        description: 'about kafka & streams',
        main_tag_id: null,
        deleted: false,
        version: 1,
      },
      { id: 'tag-2', slug_name: 'java', description: 'the language', main_tag_id: null, deleted: false, version: 2 },
      { id: 'tag-3', slug_name: 'go', description: 'about go', main_tag_id: null, deleted: true, version: 2 },
      {
        id: 'tag-4',
        slug_name: 'golang',
        description: 'about golang',
        main_tag_id: 'tag-3',
        deleted: false,
        version: 2,
      },
      { id: 'tag-5', slug_name: 'rust', description: 'about rust', main_tag_id: null, deleted: false, version: 1 },
      { id: 'tag-old', slug_name: 'old', description: 'there before', main_tag_id: null, deleted: false, version: 2 },
    ]);
    expect(await read(inBatch)).toEqual(expected);
  });
});
