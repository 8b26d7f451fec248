import { type SearchResp, seconds } from '@agora/contracts';
import { type Db, escapeHtml, excerptOfText } from '@agora/platform';
import { sql } from 'kysely';
import { embedQuery } from './embeddings';
import type { VectorStore } from './vector-store';

const EXCERPT_CHARS = 200;

interface Row {
  id: string;
  kind: 'question' | 'answer';
  question_id: string;
  title: string;
  url_title: string;
  body: string;
  tags: { slug_name: string; display_name: string }[];
  vote_count: number;
  accepted: boolean;
  answer_count: number;
  closed: boolean;
  created_at: Date;
  user_id: string;
  username: string | null;
  display_name: string | null;
  rank: number | null;
  status: string | null;
}

/**
 * `GET ai/search` (a search page's `semantic:` option): the posts nearest in meaning, in `GET search`'s shape, so the
 * search page lists them as it lists keyword results; only what anyone may see. Null without a provider.
 */
export async function semanticSearchPage(
  db: Db,
  store: VectorStore,
  query: string,
  size: number,
): Promise<SearchResp | null> {
  const embedded = await embedQuery(db, query);
  if (!embedded) return null;
  const hits = await store.nearest(embedded.model, embedded.vector, size * 3);
  const { rows } = await sql<Row>`
    select p.id, p.kind, p.question_id, q.title, q.url_title, p.body, q.tags, p.vote_count,
           (case when p.kind = 'question' then q.accepted_answer_id is not null else q.accepted_answer_id = p.id end)
             as accepted,
           (select count(*)::int from library_posts a where a.kind = 'answer' and a.question_id = q.id and not a.deleted)
             as answer_count,
           q.closed, p.created_at, p.user_id, u.username, u.display_name, u.rank, u.status
    from library_posts p join library_posts q on q.id = p.question_id
    left join actors u on u.user_id = p.user_id
    where p.id = any(${hits.map((h) => h.objectId)}::text[]) and not p.deleted and not q.deleted and not q.hidden`.execute(
    db,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const list = hits
    .filter((h) => byId.has(h.objectId))
    .slice(0, size)
    .map((hit) => {
      const row = byId.get(hit.objectId) as Row;
      const excerpt = excerptOfText(row.body, EXCERPT_CHARS);
      return {
        object_type: row.kind,
        object: {
          id: row.id,
          question_id: row.question_id,
          title: row.title,
          url_title: row.url_title,
          excerpt,
          created_at: seconds(row.created_at),
          vote_count: row.vote_count,
          accepted: row.accepted,
          answer_count: row.answer_count,
          user_info: {
            id: row.user_id,
            username: row.username ?? '',
            display_name: row.display_name ?? '',
            rank: row.rank ?? 0,
            status: row.status ?? 'deleted',
          },
          tags: row.tags.map((tag) => ({ ...tag, main_tag_slug_name: '', recommend: false, reserved: false })),
          status: row.closed ? 'closed' : 'available',
          highlight: { title: escapeHtml(row.title), excerpt: escapeHtml(excerpt) },
        },
      };
    });
  return { count: list.length, list };
}
