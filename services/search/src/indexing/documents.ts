import { PostStatus, postStatusName } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';
import type { PostType } from '../query-language/parser';
import type { IndexDocument, IndexedStatus, Visibility } from '../search-index/port';

interface DocumentRow {
  id: string;
  type: PostType;
  question_id: string;
  user_id: string;
  title: string;
  body: string;
  status: number;
  created_at: Date;
  active_at: Date;
  seq: string;
  /** Purged: its document is removed from the index, and then the row. */
  purged: boolean;
  q_tags: { slug_name: string; display_name: string }[] | null;
  q_status: number | null;
  q_hidden: boolean | null;
  q_accepted: string | null;
  q_answer_count: number | null;
  vote_count: number;
}

interface TagTerms {
  slug_name: string;
  display_name: string;
  main_slug: string | null;
  main_display: string | null;
}

/** The status name a document and a result show for a status code. */
export function indexedStatus(code: number): IndexedStatus {
  const name = postStatusName(code);
  return name === 'closed' || name === 'deleted' ? name : 'available';
}

/** Who may find a post: nobody once it or its question is deleted, staff only while its question is hidden. */
export function visibilityOf(row: Pick<DocumentRow, 'status' | 'q_status' | 'q_hidden'>): Visibility {
  if (row.status === PostStatus.deleted || row.q_status === null || row.q_status === PostStatus.deleted) return 'none';
  return row.q_hidden ? 'staff' : 'public';
}

/** Read-model rows with what their documents take from their question and their counts. */
export async function loadDocumentRows(
  db: Db,
  where: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  limit: number,
): Promise<DocumentRow[]> {
  const { rows } = await sql<DocumentRow>`
    select p.id, p.type, p.question_id, p.user_id, p.title, p.body, p.status, p.created_at, p.active_at, p.seq, p.purged,
           q.tags as q_tags, q.status as q_status, q.hidden as q_hidden, q.accepted_answer_id as q_accepted,
           q.answer_count as q_answer_count, coalesce(c.vote_count, 0) as vote_count
    from search_posts p
    left join search_posts q on q.id = p.question_id and q.type = 'question'
    left join search_post_counts c on c.object_id = p.id
    where ${where}
    order by ${order}
    limit ${limit}`.execute(db);
  return rows;
}

async function tagTerms(db: Db, slugs: string[]): Promise<Map<string, TagTerms>> {
  if (slugs.length === 0) return new Map();
  const { rows } = await sql<TagTerms>`
    select t.slug_name, t.display_name, m.slug_name as main_slug, m.display_name as main_display
    from search_tags t left join search_tags m on m.tag_id = t.main_tag_id
    where t.slug_name = any(${slugs})`.execute(db);
  return new Map(rows.map((r) => [r.slug_name, r]));
}

/** Index documents of read-model rows, synonyms resolved through the tag catalog. */
export async function toDocuments(db: Db, rows: DocumentRow[]): Promise<IndexDocument[]> {
  const slugs = new Set(rows.flatMap((r) => (r.q_tags ?? []).map((t) => t.slug_name)));
  const terms = await tagTerms(db, [...slugs]);
  return rows.map((row) => {
    const tags = new Set<string>();
    const words = new Set<string>();
    for (const tag of row.q_tags ?? []) {
      const known = terms.get(tag.slug_name);
      tags.add(tag.slug_name);
      words.add(known?.display_name ?? tag.display_name).add(tag.slug_name);
      if (known?.main_slug) {
        tags.add(known.main_slug);
        words.add(known.main_display ?? known.main_slug).add(known.main_slug);
      }
    }
    const question = row.type === 'question';
    return {
      id: row.id,
      type: row.type,
      questionId: row.question_id,
      title: question ? row.title : '',
      body: row.body,
      tags: [...tags],
      tagText: question ? [...words].join(' ') : '',
      userId: row.user_id,
      voteCount: row.vote_count,
      answerCount: row.q_answer_count ?? 0,
      accepted: question ? row.q_accepted !== null : row.q_accepted === row.id,
      status: indexedStatus(row.status),
      visibility: visibilityOf(row),
      createdAt: row.created_at,
      activeAt: row.active_at,
      version: Number(row.seq),
    };
  });
}
