import type { ImportRecord } from '@agora/contracts/import/records';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Tx } from '../db/database';

/** What a service's import needs to know of a post its records name: its kind, its question and its author. */
export interface ImportedPost<T extends string = 'question' | 'answer' | 'comment'> {
  objectType: T;
  questionId: string;
  ownerId: string;
}

/** A row of the `known` query of `importedPostsNamed`, as the service's own copy of posts gives it. */
export interface KnownPostRow {
  object_id: string;
  object_type: string;
  question_id: string;
  owner_id: string;
}

/**
 * `import_posts`, in the schema of a service whose import records name posts (docs/adr/0094-importing-a-community.md):
 * what an import in progress has said of its posts, before the service's copy of posts has read posts' events. Emptied
 * when the import ends.
 */
export async function createImportedPostsTable(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table import_posts (
      object_id text primary key,
      object_type text not null,
      question_id text not null,
      owner_id text not null
    )`.execute(db);
}

const POST_KINDS = ['question', 'answer', 'comment'] as const;

/** Remembers the batch's posts of the kinds given (by default questions, answers and comments); how many. */
export async function rememberImportedPosts(
  tx: Tx,
  records: ImportRecord[],
  kinds: readonly (typeof POST_KINDS)[number][] = POST_KINDS,
): Promise<number> {
  const rows = records.flatMap((r) => {
    if (r.kind !== 'question' && r.kind !== 'answer' && r.kind !== 'comment') return [];
    if (!kinds.includes(r.kind)) return [];
    const question = r.kind === 'question' ? r.id : r.question_id;
    return [{ id: r.id, type: r.kind, question, owner: r.user_id }];
  });
  if (rows.length === 0) return 0;
  await sql`
    insert into import_posts (object_id, object_type, question_id, owner_id)
    select id, type, question, owner from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(id text, type text, question text, owner text)
    on conflict (object_id) do update set object_type = excluded.object_type, question_id = excluded.question_id,
      owner_id = excluded.owner_id`.execute(tx);
  return rows.length;
}

/**
 * The posts of these ids that the import named, or that the service's own copy of posts knows already (a merge,
 * posts made live): `known(ids)` selects `object_id, object_type, question_id, owner_id` from that copy.
 */
export async function importedPostsNamed<T extends string>(
  tx: Tx,
  ids: readonly string[],
  known: (ids: string[]) => RawBuilder<KnownPostRow>,
): Promise<Map<string, ImportedPost<T>>> {
  const wanted = [...new Set(ids.filter(Boolean))];
  const { rows } = await sql<KnownPostRow>`
    select object_id, object_type, question_id, owner_id from import_posts where object_id = any(${wanted}::text[])
    union all ${known(wanted)}`.execute(tx);
  const posts = new Map<string, ImportedPost<T>>();
  for (const row of rows) {
    if (posts.has(row.object_id)) continue;
    posts.set(row.object_id, {
      objectType: row.object_type as T,
      questionId: row.question_id,
      ownerId: row.owner_id,
    });
  }
  return posts;
}

/** The import is over: the service's copy of posts has them from posts' events from now on. */
export async function forgetImportedPosts(tx: Tx): Promise<void> {
  await sql`truncate import_posts`.execute(tx);
}
