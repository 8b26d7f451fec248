import {
  type Page,
  type RevisionContent,
  RevisionStatus,
  type SiteSettings,
  seconds,
  type UnreviewedRevisionItem,
} from '@agora/contracts';
import { type Db, loadAuthorCards, PostStatusSql } from '@agora/platform';
import { sql } from 'kysely';
import { tagResps } from '../projections/objects/rows';

interface QueueRow {
  revision_id: string;
  object_id: string;
  object_type: 'question' | 'answer' | 'tag';
  editor_id: string;
  edit_summary: string;
  content: RevisionContent;
  submitted_at: Date;
  question_id: string;
  answer_id: string;
  user_id: string;
  title: string;
  url_title: string;
  original_text: string;
  parsed_text: string;
  tags: { slug_name: string; display_name: string }[];
  status: number;
  show: number;
  created_at: Date;
  answer_count: number | null;
  accepted_answer_id: string | null;
  question_title: string | null;
  question_url_title: string | null;
}

/**
 * What waits for this reviewer: suggested edits of the kinds they may review, not decided, not applied or
 * dropped by their owner, not skipped by them, of objects that still stand. Oldest first.
 */
const waiting = (reviewerId: string, types: readonly string[]) => sql`
  from review_items i
  join moderated_objects o on o.object_id = i.object_id
  left join moderated_objects q on q.object_id = o.question_id and o.question_id <> ''
  where not i.settled and i.object_type = any(${types}) and o.status <> ${PostStatusSql.deleted}
    and not exists (select 1 from review_decisions d where d.revision_id = i.revision_id)
    and not exists (select 1 from review_skips s where s.reviewer_id = ${reviewerId} and s.revision_id = i.revision_id)`;

/** How many suggested edits wait for this reviewer. */
export async function waitingCount(db: Db, reviewerId: string, types: readonly string[]): Promise<number> {
  if (types.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n ${waiting(reviewerId, types)}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** `revisions/unreviewed?page=`: one suggested edit per page, oldest first, beside its object as it stands. */
export async function unreviewedPage(
  db: Db,
  reviewerId: string,
  types: readonly string[],
  page: number,
  settings: SiteSettings,
): Promise<Page<UnreviewedRevisionItem>> {
  if (types.length === 0) return { count: 0, list: [] };
  const count = await waitingCount(db, reviewerId, types);
  const { rows } = await sql<QueueRow>`
    select i.revision_id, i.object_id, i.object_type, i.editor_id, i.edit_summary, i.content, i.submitted_at,
           o.question_id, o.answer_id, o.user_id, o.title, o.url_title, o.original_text, o.parsed_text, o.tags,
           o.status, o.show, o.created_at, q.answer_count, q.accepted_answer_id, q.title as question_title,
           q.url_title as question_url_title
    ${waiting(reviewerId, types)}
    order by i.submitted_at, i.revision_id
    limit 1 offset ${page - 1}`.execute(db);
  const cards = await loadAuthorCards(
    db,
    rows.map((r) => r.editor_id),
    settings,
  );
  return {
    count,
    list: rows.map((r) => {
      const urlTitle = r.object_type === 'answer' ? (r.question_url_title ?? '') : r.url_title;
      return {
        type: r.object_type,
        info: {
          object_id: r.object_id,
          object_type: r.object_type,
          question_id: r.question_id,
          answer_id: r.answer_id,
          comment_id: '',
          title: r.object_type === 'answer' ? (r.question_title ?? '') : r.title,
          url_title: urlTitle,
          content: r.original_text,
          html: r.parsed_text,
          tags: tagResps(r.tags),
          answer_count: r.answer_count ?? 0,
          answer_accepted: Boolean(r.accepted_answer_id),
          object_creator_user_id: r.user_id,
          status: r.status,
          show_status: r.show,
          created_at: seconds(r.created_at),
        },
        unreviewed_info: {
          id: r.revision_id,
          use_id: r.editor_id,
          object_id: r.object_id,
          title: r.content.title,
          url_title: urlTitle,
          content: r.content,
          status: RevisionStatus.pending,
          reason: r.edit_summary,
          create_at: seconds(r.submitted_at),
          user_info: cards.get(r.editor_id),
        },
      };
    }),
  };
}
