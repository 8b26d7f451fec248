import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import type { ImportedTag } from '@agora/contracts/import/records';
import type pg from 'pg';
import { htmlToMarkdown } from './html-to-markdown';
import { memberId } from './ids';
import { keysetPages } from './pages';

interface StagedTag {
  id: string;
  name: string;
  moderator_only: boolean | null;
  excerpt: string | null;
  wiki: string | null;
  wiki_owner: string | null;
  wiki_owner_known: boolean | null;
  created_at: string | null;
}

/**
 * Tags from Tags.xml in id order, then those only posts name (numbered above, `ids.ts`). The wiki and the excerpt are
 * the posts of types 5 and 4 the tag names (rendered HTML, converted); a tag's time is its first question's, else its
 * wiki's; its creator is the wiki's author, else the placeholder.
 */
export async function* tagRecords(db: pg.Pool, s: string, pageSize: number): AsyncGenerator<ImportedTag> {
  const sql = `select t.id::text as id, t.name, t.moderator_only, e.body as excerpt, w.body as wiki,
      w.owner_user_id::text as wiki_owner, w.owner_known as wiki_owner_known,
      coalesce(f.first_at, w.created_at, e.created_at, (select min(created_at) from ${s}.posts)) as created_at
    from ${s}.tags t
      left join ${s}.posts e on e.id = t.excerpt_post_id
      left join ${s}.posts w on w.id = t.wiki_post_id
      left join ${s}.tag_first f on f.name = t.name
    where t.id > $1 order by t.id limit $2`;
  for await (const page of keysetPages<StagedTag>(db, sql, pageSize)) {
    for (const tag of page) {
      yield {
        kind: 'tag',
        id: idFromNumber('tag', tag.id),
        slug_name: tag.name,
        display_name: tag.name,
        wiki: htmlToMarkdown(tag.wiki ?? ''),
        excerpt: htmlToMarkdown(tag.excerpt ?? ''),
        recommend: false,
        reserved: tag.moderator_only ?? false,
        deleted: false,
        user_id: memberId(tag.wiki_owner, tag.wiki_owner_known),
        created_at: tag.created_at ?? new Date(0).toISOString(),
      };
    }
  }
}
