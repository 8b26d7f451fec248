import type { ImportedTag } from '@agora/contracts/import/records';
import { AnswerCode } from './codes';
import type { ReadContext } from './context';
import { userJoin } from './members-ref';
import { pages } from './pages';
import { flag, int, objectId, requiredTime, text } from './values';

/**
 * Tags in id order, main tags first and then their synonyms (`main_tag_id`), so that the tag a synonym names has
 * come before it (docs/adr/0094-importing-a-community.md). The wiki is the tag's Markdown `original_text`.
 */
export async function* readTags(context: ReadContext): AsyncGenerator<ImportedTag> {
  const { db } = context;
  for (const synonyms of [false, true]) {
    for await (const page of pages(db, {
      select:
        't.id AS page_key, t.slug_name, t.display_name, t.original_text, t.main_tag_id, m.slug_name AS main_slug, ' +
        't.recommend, t.reserved, t.status, t.created_at, u.id AS known_user',
      from: `tag t LEFT JOIN tag m ON m.id = t.main_tag_id ${userJoin(db, 't.user_id', 'u')}`,
      key: 't.id',
      where: synonyms ? 't.main_tag_id <> 0' : 't.main_tag_id = 0',
    })) {
      for (const row of page) {
        const mainSlug = text(row.main_slug);
        yield {
          kind: 'tag',
          id: objectId(row.page_key, 'tag', row.page_key),
          slug_name: text(row.slug_name),
          display_name: text(row.display_name),
          wiki: await context.uploads.rewrite(text(row.original_text)),
          excerpt: '',
          ...(synonyms && mainSlug ? { main_tag_slug: mainSlug } : {}),
          recommend: flag(row.recommend),
          reserved: flag(row.reserved),
          deleted: int(row.status) === AnswerCode.tagDeleted,
          user_id: context.members.required(row.known_user),
          created_at: requiredTime(row.created_at, 'tag', row.page_key),
        };
      }
    }
  }
}
