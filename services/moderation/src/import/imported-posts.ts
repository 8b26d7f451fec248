import { type ImportedPost, importedPostsNamed, type KnownPostRow, type Tx } from '@agora/platform';
import { sql } from 'kysely';

/** What a flag says of the post it is on. */
export type PostFacts = ImportedPost;

/**
 * The posts flags name: those the import remembered (`rememberImportedPosts`: moderation's copy of posts reads posts'
 * events only after the import has written them, docs/adr/0094-importing-a-community.md), or moderation's own.
 */
export function postsNamed(tx: Tx, ids: readonly string[]): Promise<Map<string, PostFacts>> {
  return importedPostsNamed(
    tx,
    ids,
    (wanted) => sql<KnownPostRow>`
      select object_id, object_type, question_id, user_id from moderated_objects
      where object_id = any(${wanted}::text[]) and object_type <> 'tag'`,
  );
}
