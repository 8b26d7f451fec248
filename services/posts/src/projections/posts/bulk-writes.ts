import { PostStatus, Show } from '@agora/contracts';
import { PostStatusSql, RevisionStatusSql, type StoredEvent, type Tx } from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';
import { type Cancel, foldRun, type RowsBefore, type RunWrites, rowsToRead } from './bulk-fold';

/** Rows as a relation `i` with these columns (`jsonb_to_recordset`: a key a row lacks reads as null). */
const rowsOf = (rows: object[], columns: string) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as i(${sql.raw(columns)})`;

/** One statement of data-modifying common table expressions, each on rows none of the others touches. */
async function writeAll(tx: Tx, ctes: (RawBuilder<unknown> | false)[]) {
  const parts = ctes.filter((cte): cte is RawBuilder<unknown> => cte !== false);
  if (parts.length > 0) await sql`with ${sql.join(parts)} select 1`.execute(tx);
}

/**
 * The rows the run's events find (its questions, answers and comments), read in the statement that cancels the accept
 * rows that were there before it (`posts.answer_accepted` with a previous answer: the first such cancels them).
 */
async function readBefore(tx: Tx, events: StoredEvent[]): Promise<RowsBefore> {
  const ids = rowsToRead(events);
  const cancelled = (cancels: Cancel[]) => sql`
    cancelled as (
      update activity a set cancelled = true, cancelled_at = i.at from ${rowsOf(cancels, 'o text, at timestamptz')}
      where a.object_id = i.o and a.activity_type = 'accept' and not a.cancelled
    )`;
  const { rows } = await sql<{
    kind: string;
    id: string;
    status: number | null;
    show: number | null;
    editor: string | null;
  }>`
    ${ids.cancels.length > 0 ? sql`with ${cancelled(ids.cancels)}` : sql``}
    select 'question' as kind, id, status::int, show::int, null::text as editor from questions where id = any(${ids.questions}::text[])
    union all
    select 'answer', id, status::int, null, last_edit_user_id from answers where id = any(${ids.answers}::text[])
    union all
    select 'comment', id, null, null, null from comments where id = any(${ids.comments}::text[])`.execute(tx);
  const before: RowsBefore = { questions: new Map(), answers: new Map(), comments: new Set() };
  for (const row of rows) {
    const status = row.status ?? PostStatus.available;
    if (row.kind === 'question') before.questions.set(row.id, { status, show: row.show ?? Show.shown });
    else if (row.kind === 'answer') before.answers.set(row.id, { status, lastEditor: row.editor });
    else before.comments.add(row.id);
  }
  return before;
}

const QUESTION_TEXT =
  'title text, url_title text, content text, html text, description text, tags jsonb, revision_id text, last_edit_user_id text, last_edit_at timestamptz';
const ANSWER_TEXT = 'content text, html text, revision_id text, last_edit_user_id text';
const COMMENT =
  'id text, object_id text, question_id text, user_id text, reply_comment_id text, reply_user_id text, original_text text, parsed_text text, status smallint, created_at timestamptz, updated_at timestamptz';

/** Everything but the answer counts, in one statement: each table's rows made, changed, replaced and added. */
function rowWrites(w: RunWrites) {
  const edited = (column: string) => sql.raw(`${column} = case when i.edited then i.${column} else t.${column} end`);
  return [
    w.newQuestions.length > 0 &&
      sql`made_questions as (
        insert into questions (id, user_id, title, url_title, content, html, description, tags, revision_id, status,
                               post_update_time, created_at, updated_at, last_edit_user_id, last_edit_at, view_count,
                               unique_view_count, accepted_answer_id)
        select id, user_id, title, url_title, content, html, description, tags, revision_id, status, post_update_time,
               created_at, updated_at, last_edit_user_id, last_edit_at, view_count, unique_view_count, accepted_answer_id
        from ${rowsOf(w.newQuestions, `id text, user_id text, ${QUESTION_TEXT}, status smallint, post_update_time timestamptz, created_at timestamptz, updated_at timestamptz, view_count int, unique_view_count int, accepted_answer_id text`)}
        on conflict (id) do nothing
      )`,
    w.changedQuestions.length > 0 &&
      sql`changed_questions as (
        update questions t set status = case when i.published then ${PostStatusSql.available} else t.status end,
          ${sql.join(['title', 'url_title', 'content', 'html', 'description', 'tags', 'revision_id', 'last_edit_user_id', 'last_edit_at'].map(edited))},
          pending_revision_id = case when i.edited then null else t.pending_revision_id end,
          post_update_time = greatest(coalesce(i.put_set, t.post_update_time), i.put_floor),
          updated_at = greatest(coalesce(i.upd_set, t.updated_at), i.upd_floor),
          view_count = t.view_count + i.view_count, unique_view_count = t.unique_view_count + i.unique_view_count,
          accepted_answer_id = case when i.accepted then i.accepted_answer_id else t.accepted_answer_id end
        from ${rowsOf(w.changedQuestions, `id text, published boolean, edited boolean, ${QUESTION_TEXT}, put_set timestamptz, put_floor timestamptz, upd_set timestamptz, upd_floor timestamptz, view_count int, unique_view_count int, accepted boolean, accepted_answer_id text`)}
        where t.id = i.id
      )`,
    w.tags.owners.length > 0 &&
      sql`dropped_tags as (
        delete from question_tags t where t.question_id = any(${w.tags.owners}::text[])
          and not exists (select 1 from ${rowsOf([...w.tags.kept, ...w.tags.reset], 'q text, s text')}
                          where i.q = t.question_id and i.s = t.tag_slug)
      ), kept_tags as (
        insert into question_tags (question_id, tag_slug, created_at)
        select q, s, at from ${rowsOf(w.tags.kept, 'q text, s text, at timestamptz')}
        on conflict do nothing
      ), reset_tags as (
        insert into question_tags (question_id, tag_slug, created_at)
        select q, s, at from ${rowsOf(w.tags.reset, 'q text, s text, at timestamptz')}
        on conflict (tag_slug, question_id) do update set created_at = excluded.created_at
      )`,
    w.knownTags.length > 0 &&
      sql`known as (
        insert into known_tags (slug_name, display_name) select s, d from ${rowsOf(w.knownTags, 's text, d text')}
        on conflict (slug_name) do nothing
      )`,
    w.links.owners.length > 0 &&
      sql`dropped_links as (
        delete from question_links l where l.via = 'body' and l.from_post_id = any(${w.links.owners}::text[])
          and not exists (select 1 from ${rowsOf([...w.links.kept, ...w.links.reset], 'p text, q text, s text')}
                          where i.p = l.from_post_id and i.q = l.to_question_id and i.s = l.site)
      ), kept_links as (
        insert into question_links (from_post_id, via, to_question_id, site, from_question_id)
        select p, 'body', q, s, fq from ${rowsOf(w.links.kept, 'p text, q text, s text, fq text')}
        on conflict do nothing
      ), reset_links as (
        insert into question_links (from_post_id, via, to_question_id, site, from_question_id)
        select p, 'body', q, s, fq from ${rowsOf(w.links.reset, 'p text, q text, s text, fq text')}
        on conflict (from_post_id, via, to_question_id, site) do update set from_question_id = excluded.from_question_id
      )`,
    w.revisions.length > 0 &&
      sql`revised as (
        insert into revisions (id, object_id, object_type, user_id, status, content, log, created_at)
        select id, o, t, u, ${RevisionStatusSql.applied}, c, l, at
        from ${rowsOf(w.revisions, 'id text, o text, t text, u text, c jsonb, l text, at timestamptz')}
        on conflict (id) do update set status = excluded.status where excluded.status = ${RevisionStatusSql.applied}
      )`,
    w.newAnswers.length > 0 &&
      sql`made_answers as (
        insert into answers (id, question_id, user_id, content, html, revision_id, status, created_at, updated_at,
                             question_listed, last_edit_user_id, accepted)
        select id, question_id, user_id, content, html, revision_id, status, created_at, updated_at, question_listed,
               last_edit_user_id, accepted
        from ${rowsOf(w.newAnswers, `id text, question_id text, user_id text, ${ANSWER_TEXT}, status smallint, created_at timestamptz, updated_at timestamptz, question_listed boolean, accepted boolean`)}
        on conflict (id) do nothing
      )`,
    w.changedAnswers.length > 0 &&
      sql`changed_answers as (
        update answers t set status = case when i.published then ${PostStatusSql.available} else t.status end,
          ${sql.join(['content', 'html', 'revision_id', 'last_edit_user_id'].map(edited))},
          pending_revision_id = case when i.edited then null else t.pending_revision_id end,
          updated_at = i.updated_at
        from ${rowsOf(w.changedAnswers, `id text, published boolean, edited boolean, ${ANSWER_TEXT}, updated_at timestamptz`)}
        where t.id = i.id
      )`,
    w.newComments.length > 0 &&
      sql`made_comments as (
        insert into comments (id, object_id, question_id, user_id, reply_comment_id, reply_user_id, original_text,
                              parsed_text, status, created_at, updated_at)
        select * from ${rowsOf(w.newComments, COMMENT)}
        on conflict (id) do nothing
      )`,
    w.changedComments.length > 0 &&
      sql`changed_comments as (
        update comments t set original_text = coalesce(i.original_text, t.original_text),
          parsed_text = coalesce(i.parsed_text, t.parsed_text), status = coalesce(i.status, t.status),
          updated_at = i.updated_at
        from ${rowsOf(w.changedComments, 'id text, original_text text, parsed_text text, status smallint, updated_at timestamptz')}
        where t.id = i.id
      )`,
    // In the run's order: the timeline's ids are numbered as one event at a time numbers them.
    w.activity.length > 0 &&
      sql`timeline as (
        insert into activity (event_id, object_id, original_object_id, activity_type, user_id, revision_id, comment,
                              cancelled, cancelled_at, created_at)
        select e, o, t, ty, u, rev, c, cancelled, cancelled_at, at
        from ${rowsOf(w.activity, 'n int, e text, o text, t text, ty text, u text, rev text, c text, cancelled boolean, cancelled_at timestamptz, at timestamptz')}
        order by n
        on conflict (event_id) do nothing
      )`,
  ];
}

/**
 * After the answers are written: the answer counts of the questions answered in the run, as they stand at each one's
 * last answer (its last answer's editor as of then: `editorsAtCount`), and the acceptances of answers that were there
 * before the run (those made in it were written accepted or not).
 */
function countWrites(w: RunWrites) {
  return [
    w.acceptances.length > 0 &&
      sql`accepted as (
        update answers a set accepted = (a.id = coalesce(i.a, '')) from ${rowsOf(w.acceptances, 'q text, a text')}
        where a.question_id = i.q and not (a.id = any(${w.newAnswerIds}::text[]))
      )`,
    w.countedQuestions.length > 0 &&
      sql`counted as (
        update questions q set answer_count = c.n, first_answer_id = c.first_id, last_answer_id = c.last_id,
          last_answer_at = c.last_at, last_answer_user_id = c.last_user
        from ${rowsOf(w.countedQuestions, 'q text')}
        cross join lateral (
          select count(*)::int as n,
            (array_agg(a.id order by a.created_at, a.id))[1] as first_id,
            (array_agg(a.id order by a.created_at desc, a.id desc))[1] as last_id,
            max(a.created_at) as last_at,
            (array_agg(case when e.id is null then coalesce(a.last_edit_user_id, a.user_id) else coalesce(e.editor, a.user_id) end
                       order by a.created_at desc, a.id desc))[1] as last_user
          from answers a
          left join jsonb_to_recordset(${JSON.stringify(w.editorsAtCount)}::jsonb) as e(id text, editor text) on e.id = a.id
          where a.question_id = i.q and a.status = ${PostStatusSql.available}
        ) c
        where q.id = i.q
      )`,
  ];
}

/**
 * A run of posts events of the folded types (`FOLDED_TYPES`, each folding exactly: `foldsExactly`) in three
 * statements whatever its length: the rows it finds, every row written, then the answer counts.
 */
export async function applyFoldedRun(tx: Tx, events: StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  const writes = foldRun(events, await readBefore(tx, events));
  await writeAll(tx, rowWrites(writes));
  await writeAll(tx, countWrites(writes));
}
