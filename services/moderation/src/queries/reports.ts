import { type Language, type Page, type ReportItem, type SiteSettings, seconds } from '@agora/contracts';
import { type Db, loadAuthorCards } from '@agora/platform';
import { sql } from 'kysely';
import { tagResps } from '../projections/objects/rows';
import { flagReason } from '../responses/reasons';

export type FlagListStatus = 'pending' | 'completed';

interface FlagRow {
  flag_id: string;
  object_id: string;
  object_type: 'question' | 'answer' | 'comment' | 'user';
  question_id: string;
  object_user_id: string;
  reporter_id: string;
  reason_type: number;
  content: string;
  status: string;
  operation: string;
  created_at: Date;
  handled_at: Date | null;
  answer_id: string | null;
  title: string | null;
  url_title: string | null;
  original_text: string | null;
  parsed_text: string | null;
  tags: { slug_name: string; display_name: string }[] | null;
  object_status: number | null;
  object_show: number | null;
  answer_count: number | null;
  accepted_answer_id: string | null;
  question_title: string | null;
  question_url_title: string | null;
}

/**
 * Flags, newest first, with a snapshot of what each is about (the post as it stands, and the question it
 * belongs to): pending ones, or those handled (completed or ignored); optionally of one object type.
 */
export async function flagPage(
  db: Db,
  query: { status: FlagListStatus; objectType?: string; page: number; pageSize: number },
  settings: SiteSettings,
  language: Language,
): Promise<Page<ReportItem>> {
  const statuses = query.status === 'pending' ? ['pending'] : ['completed', 'ignored'];
  const type = query.objectType || null;
  const { rows } = await sql<FlagRow & { total: number }>`
    select f.flag_id, f.object_id, f.object_type, f.question_id, f.object_user_id, f.reporter_id, f.reason_type,
           f.content, f.status, f.operation, f.created_at, f.handled_at,
           o.answer_id, o.title, o.url_title, o.original_text, o.parsed_text, o.tags, o.status as object_status,
           o.show as object_show, q.answer_count, q.accepted_answer_id, q.title as question_title,
           q.url_title as question_url_title, count(*) over ()::int as total
    from flags f
    left join moderated_objects o on o.object_id = f.object_id
    left join moderated_objects q on q.object_id = f.question_id
    where f.status = any(${statuses}) and (${type}::text is null or f.object_type = ${type}) and ${FLAGGED_KNOWN}
    order by f.created_at desc, f.flag_id desc
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`.execute(db);
  const cards = await loadAuthorCards(
    db,
    rows.flatMap((r) => [r.object_user_id, r.reporter_id]),
    settings,
  );
  const count = rows[0]?.total ?? (query.page > 1 ? await flagCount(db, statuses, type) : 0);
  return {
    count,
    list: rows.map((r) => ({
      flag_id: r.flag_id,
      object_id: r.object_id,
      object_type: r.object_type,
      question_id: r.question_id,
      answer_id: r.object_type === 'answer' ? r.object_id : (r.answer_id ?? ''),
      comment_id: r.object_type === 'comment' ? r.object_id : '',
      title: r.title || r.question_title || '',
      url_title: r.url_title || r.question_url_title || '',
      original_text: r.original_text ?? '',
      parsed_text: r.parsed_text ?? '',
      tags: tagResps(r.object_type === 'question' ? (r.tags ?? []) : []),
      answer_count: r.answer_count ?? 0,
      answer_accepted: Boolean(r.accepted_answer_id),
      object_status: r.object_status ?? 0,
      object_show_status: r.object_show ?? 0,
      author_user_info: cards.get(r.object_user_id),
      submitter_user: cards.get(r.reporter_id),
      reason: flagReason(r.object_type, r.reason_type, language),
      reason_content: r.content,
      created_at: seconds(r.created_at),
      submit_at: seconds(r.created_at),
      status: r.status,
      operation_type: r.operation,
      handled_at: seconds(r.handled_at),
    })),
  };
}

/**
 * A flag is listed while moderation knows what it is about: a purged post or member is not (a rebuild of the
 * flags from moderation's own log brings their flags back; docs/adr/0078-purging-in-an-event-sourced-system.md).
 */
const FLAGGED_KNOWN = sql`(case when f.object_type = 'user' then exists (select 1 from actors a where a.user_id = f.object_id)
                           else o.object_id is not null end)`;

async function flagCount(db: Db, statuses: string[], type: string | null): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from flags f left join moderated_objects o on o.object_id = f.object_id
    where f.status = any(${statuses}) and (${type}::text is null or f.object_type = ${type}) and ${FLAGGED_KNOWN}`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** Flags waiting for a moderator. */
export async function pendingFlagCount(db: Db): Promise<number> {
  return flagCount(db, ['pending'], null);
}
