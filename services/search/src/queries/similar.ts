import { type QuestionBaseInfo, SearchLimits } from '@agora/contracts';
import type { Actor, Db } from '@agora/platform';
import { sql } from 'kysely';
import { indexedStatus, visibilityOf } from '../indexing/documents';
import type { SearchIndex } from '../search-index/port';
import { visibilityFor } from './resolve';

/**
 * `GET question/similar`: while asking, up to 10 questions whose titles share words with the title
 * typed so far (duplicate suggestions), best first; deleted questions never, hidden ones only for staff.
 */
export async function similarQuestions(
  deps: { db: Db; index: SearchIndex },
  title: string,
  actor: Actor | null,
): Promise<QuestionBaseInfo[]> {
  const visibility = visibilityFor(actor);
  const hits = await deps.index.similar({ title, visibility, limit: SearchLimits.similarMax });
  if (hits.length === 0) return [];
  const { rows } = await sql<{
    id: string;
    title: string;
    url_title: string;
    view_count: number;
    answer_count: number;
    collection_count: number;
    follow_count: number;
    status: number;
    hidden: boolean;
    accepted_answer_id: string | null;
  }>`
    select p.id, p.title, p.url_title, p.view_count, p.answer_count, coalesce(c.collection_count, 0) as collection_count,
           (select count(*)::int from search_question_follows f where f.question_id = p.id) as follow_count, p.status, p.hidden, p.accepted_answer_id
    from search_posts p left join search_post_counts c on c.object_id = p.id
    where p.id = any(${hits.map((h) => h.id)}) and p.type = 'question'`.execute(deps.db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hits.flatMap(({ id }) => {
    const q = byId.get(id);
    if (!q || !visibility.includes(visibilityOf({ status: q.status, q_status: q.status, q_hidden: q.hidden })))
      return [];
    return [
      {
        id: q.id,
        title: q.title,
        url_title: q.url_title,
        view_count: q.view_count,
        answer_count: q.answer_count,
        collection_count: q.collection_count,
        follow_count: q.follow_count,
        status: indexedStatus(q.status),
        accepted_answer: q.accepted_answer_id !== null,
      },
    ];
  });
}
