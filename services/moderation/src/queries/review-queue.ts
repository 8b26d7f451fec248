import {
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
 * What waits for review, oldest first: suggested edits of these kinds, not decided, not applied or dropped by
 * their owner, of objects that still stand. The same for every reviewer but for their own skips, which the
 * caller takes out (`skippedBy`): the list is read once per change of the read models, not once per reviewer.
 */
export async function waitingIds(db: Db, types: readonly string[]): Promise<string[]> {
  if (types.length === 0) return [];
  const { rows } = await sql<{ revision_id: string }>`
    select i.revision_id
    from review_items i
    join moderated_objects o on o.object_id = i.object_id
    where not i.settled and i.object_type = any(${types}) and o.status <> ${PostStatusSql.deleted}
      and not exists (select 1 from review_decisions d where d.revision_id = i.revision_id)
    order by i.submitted_at, i.revision_id`.execute(db);
  return rows.map((r) => r.revision_id);
}

/** The suggested edits this reviewer skipped (they stay in everyone else's queue). */
export async function skippedBy(db: Db, reviewerId: string): Promise<string[]> {
  const { rows } = await sql<{ revision_id: string }>`
    select revision_id from review_skips where reviewer_id = ${reviewerId}`.execute(db);
  return rows.map((r) => r.revision_id);
}

/** One page of `revisions/unreviewed`: the suggested edit beside its object as it stands (none if gone meanwhile). */
export async function queueItem(
  db: Db,
  revisionId: string,
  settings: SiteSettings,
): Promise<UnreviewedRevisionItem | null> {
  const { rows } = await sql<QueueRow>`
    select i.revision_id, i.object_id, i.object_type, i.editor_id, i.edit_summary, i.content, i.submitted_at,
           o.question_id, o.answer_id, o.user_id, o.title, o.url_title, o.original_text, o.parsed_text, o.tags,
           o.status, o.show, o.created_at, q.answer_count, q.accepted_answer_id, q.title as question_title,
           q.url_title as question_url_title
    from review_items i
    join moderated_objects o on o.object_id = i.object_id
    left join moderated_objects q on q.object_id = o.question_id and o.question_id <> ''
    where i.revision_id = ${revisionId}`.execute(db);
  const r = rows[0];
  if (!r) return null;
  const cards = await loadAuthorCards(db, [r.editor_id], settings);
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
}
