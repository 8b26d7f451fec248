import { type SearchResult, type SiteSettings, seconds } from '@agora/contracts';
import { type Db, deletedAuthorCard, effectiveStatus, tagResps } from '@agora/platform';
import { sql } from 'kysely';
import { indexedStatus, visibilityOf } from '../indexing/documents';
import type { Visibility } from '../search-index/port';
import { excerptOf, type HighlightTerms, highlight, matchRanges } from './snippets';

interface ResultRow {
  id: string;
  type: 'question' | 'answer';
  question_id: string;
  user_id: string;
  body: string;
  status: number;
  created_at: Date;
  title: string | null;
  url_title: string | null;
  tags: { slug_name: string; display_name: string }[] | null;
  /** The question's tags as the catalog names them now: [slug, display name, main tag's slug]. */
  tag_names: [string, string, string | null][] | null;
  q_status: number | null;
  q_hidden: boolean | null;
  q_accepted: string | null;
  q_answer_count: number | null;
  vote_count: number;
  username: string | null;
  display_name: string | null;
  rank: number | null;
  user_status: string | null;
  suspended_until: Date | null;
}

/** A result's author; one who is deleted or unknown here is shown by the one rule of author cards. */
function authorOf(row: ResultRow): SearchResult['object']['user_info'] {
  if (!row.user_status || row.user_status === 'deleted') {
    const { id, username, display_name, rank, status } = deletedAuthorCard(row.user_id);
    return { id, username, display_name, rank, status };
  }
  return {
    id: row.user_id,
    username: row.username ?? '',
    display_name: row.display_name ?? '',
    rank: row.rank ?? 0,
    status: effectiveStatus(row.user_status, row.suspended_until),
  };
}

/**
 * The results of hits, in the hits' order, from the read model as it is now: current counts, author
 * cards and tag names, and a post that stopped being visible since it was indexed is left out.
 */
export async function hydrateResults(
  db: Db,
  ids: string[],
  options: { visibility: Visibility[]; terms: HighlightTerms; settings: SiteSettings },
): Promise<SearchResult[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ResultRow>`
    select p.id, p.type, p.question_id, p.user_id, p.body, p.status, p.created_at,
           q.title, q.url_title, q.tags, q.status as q_status, q.hidden as q_hidden, q.accepted_answer_id as q_accepted,
           q.answer_count as q_answer_count, coalesce(c.vote_count, 0) as vote_count,
           a.username, a.display_name, a.rank, a.status as user_status, a.suspended_until,
           (select jsonb_agg(jsonb_build_array(t.slug_name, t.display_name, m.slug_name))
            from search_tags t left join search_tags m on m.tag_id = t.main_tag_id
            where t.slug_name in (select e->>'slug_name' from jsonb_array_elements(q.tags) e)) as tag_names
    from search_posts p
    left join search_posts q on q.id = p.question_id and q.type = 'question'
    left join search_post_counts c on c.object_id = p.id
    left join actors a on a.user_id = p.user_id
    where p.id = any(${ids})`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const results: SearchResult[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || !options.visibility.includes(visibilityOf(row))) continue;
    const question = row.type === 'question';
    const title = row.title ?? '';
    const { excerpt, highlighted } = excerptOf(row.body, options.terms);
    results.push({
      object_type: row.type,
      object: {
        id: row.id,
        question_id: row.question_id,
        title,
        url_title: row.url_title ?? '',
        excerpt,
        created_at: seconds(row.created_at),
        vote_count: row.vote_count,
        accepted: question ? row.q_accepted !== null : row.q_accepted === row.id,
        answer_count: row.q_answer_count ?? 0,
        user_info: authorOf(row),
        tags: tagResps(
          (row.tags ?? []).map((t) => {
            const known = row.tag_names?.find(([slug]) => slug === t.slug_name);
            return {
              slug_name: t.slug_name,
              display_name: known?.[1] ?? t.display_name,
              main_tag_slug_name: known?.[2] ?? '',
            };
          }),
          options.settings,
        ),
        status: indexedStatus(row.status),
        highlight: { title: highlight(title, matchRanges(title, options.terms)), excerpt: highlighted },
      },
    });
  }
  return results;
}
