import type { ImportedTag } from '@agora/contracts/import/records';
import type { DumpNumbers } from './dump-numbers';
import { POST_TYPES, tagTextRow } from './post-rows';
import { attributes } from './row-attributes';

/** A tag's Tags.xml row in the two parts around its Count (known once the questions are read). */
export interface PendingTagRow {
  slug: string;
  head: string;
  tail: string;
}

/**
 * A tag as the dumps have it: its row, and its excerpt and wiki as posts of their own (the rows returned, for
 * Posts.xml). A synonym or a deleted tag is no tag of the dump's: the side files keep it.
 */
export function tagRows(tag: ImportedTag, numbers: DumpNumbers): { row: PendingTagRow; posts: string[] } | undefined {
  if (tag.deleted || tag.main_tag_slug) return undefined;
  const owner = numbers.users.of(tag.user_id);
  const posts: string[] = [];
  const text = (type: typeof POST_TYPES.tagExcerpt | typeof POST_TYPES.tagWiki, markdown: string) => {
    if (!markdown) return undefined;
    const number = numbers.posts.fresh();
    posts.push(tagTextRow(type, number, markdown, owner, tag.created_at));
    return number;
  };
  const excerpt = text(POST_TYPES.tagExcerpt, tag.excerpt);
  const wiki = text(POST_TYPES.tagWiki, tag.wiki);
  return {
    row: {
      slug: tag.slug_name,
      head: attributes([
        ['Id', numbers.tags.assign(tag.id)],
        ['TagName', tag.slug_name],
      ]),
      tail: attributes([
        ['ExcerptPostId', excerpt],
        ['WikiPostId', wiki],
        ['IsModeratorOnly', tag.reserved || undefined],
      ]),
    },
    posts,
  };
}

/** The whole row, with how many live questions carry the tag. */
export function tagRow(pending: PendingTagRow, count: number): string {
  return [pending.head, attributes([['Count', count]]), pending.tail].filter(Boolean).join(' ');
}
