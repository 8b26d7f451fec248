import { type ImportedPost, importedPostsNamed, type KnownPostRow, type Tx } from '@agora/platform';
import { sql } from 'kysely';

/** A question or answer an award was earned on. */
export type PostFacts = ImportedPost<'question' | 'answer'>;

/** The kinds of posts an award may be earned on, the ones badges remembers of an import. */
export const AWARDED_ON = ['question', 'answer'] as const;

/**
 * The posts awards name: those the import remembered (`rememberImportedPosts`: badges' copy of posts reads posts'
 * events only after the import has written them, docs/adr/0094-importing-a-community.md), or badges' own.
 */
export function postsNamed(tx: Tx, ids: readonly string[]): Promise<Map<string, PostFacts>> {
  return importedPostsNamed(
    tx,
    ids,
    (wanted) => sql<KnownPostRow>`
      select object_id, object_type, question_id, '' from post_index where object_id = any(${wanted}::text[])`,
  );
}
