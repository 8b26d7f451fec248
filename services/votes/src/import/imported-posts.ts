import { type ImportedPost, importedPostsNamed, type KnownPostRow, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { VotableType } from '../domain/vote/decider';

/** What votes' events say of a post: its kind, its question and its author. */
export type PostFacts = ImportedPost<VotableType>;

/**
 * The posts the votes, bookmarks, reactions and history entries name: those the import remembered
 * (`rememberImportedPosts`: votes' copy of posts reads posts' events only after the import has written them,
 * docs/adr/0094-importing-a-community.md), or votes' own.
 */
export function postsNamed(tx: Tx, ids: readonly string[]): Promise<Map<string, PostFacts>> {
  return importedPostsNamed(
    tx,
    ids,
    (wanted) => sql<KnownPostRow>`
      select id, 'question', id, user_id from questions where id = any(${wanted}::text[])
      union all select id, 'answer', question_id, user_id from answers where id = any(${wanted}::text[])
      union all select id, 'comment', question_id, user_id from comments where id = any(${wanted}::text[])`,
  );
}
