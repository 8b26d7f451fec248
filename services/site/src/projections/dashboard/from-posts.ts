import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  AnswerRevisionRejected,
  AnswerRevisionSubmitted,
  AnswerUndeleted,
  CommentAdded,
  CommentDeleted,
  type DataOf,
  QuestionAsked,
  QuestionDeleted,
  QuestionEdited,
  QuestionHidden,
  QuestionPurged,
  QuestionRevisionRejected,
  QuestionRevisionSubmitted,
  QuestionShown,
  QuestionUndeleted,
} from '@agora/contracts';
import { applyInRuns, type BulkApply, LINGERING, type Projection, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { DASHBOARD_TOPIC } from './topic';

type Data = Record<string, string | null | undefined>;

/** Moves an answer between live and deleted, and its question's live answer count with it (once). */
async function setAnswerDeleted(tx: Tx, answerId: string, deleted: boolean) {
  await sql`
    with moved as (
      update dashboard_answers set deleted = ${deleted}
      where answer_id = ${answerId} and deleted = ${!deleted}
      returning question_id)
    update dashboard_questions q set answer_count = q.answer_count + ${deleted ? -1 : 1}
    from moved where q.question_id = moved.question_id`.execute(tx);
}

/** Purged posts are no longer counted anywhere, deleted or not (docs/adr/0078-purging-in-an-event-sourced-system.md). */
async function dropPurged(
  tx: Tx,
  purged: { questionId?: string; answerIds: string[]; commentIds: string[]; revisionIds: string[] },
) {
  for (const answerId of purged.answerIds) await setAnswerDeleted(tx, answerId, true);
  await sql`delete from dashboard_pending_edits where revision_id = any(${purged.revisionIds}::text[])`.execute(tx);
  await sql`delete from dashboard_comments where comment_id = any(${purged.commentIds}::text[])`.execute(tx);
  await sql`delete from dashboard_answers where answer_id = any(${purged.answerIds}::text[])`.execute(tx);
  if (purged.questionId) {
    await sql`delete from dashboard_questions where question_id = ${purged.questionId}`.execute(tx);
  }
}

/** A flag a run sets on a row: its last value, and its last after the run's first insert of the row (null: none). */
interface Flag {
  any: boolean | null;
  afterInsert: boolean | null;
}

const noFlag = (): Flag => ({ any: null, afterInsert: null });
const setFlag = (flag: Flag, value: boolean, inserted: boolean) => {
  flag.any = value;
  if (inserted) flag.afterInsert = value;
};

/** What a run does to one question, answer or comment: inserts it or not (as its first insert has it), its flags. */
interface Folded<F extends string> {
  inserted: boolean;
  at: string | null;
  questionId: string;
  flags: Record<F, Flag>;
}

function folded<F extends string>(rows: Map<string, Folded<F>>, id: string, names: readonly F[]): Folded<F> {
  let row = rows.get(id);
  if (!row) {
    const flags = Object.fromEntries(names.map((name) => [name, noFlag()])) as Record<F, Flag>;
    row = { inserted: false, at: null, questionId: '', flags };
    rows.set(id, row);
  }
  return row;
}

const QUESTION_FLAGS = ['deleted', 'hidden', 'accepted'] as const;
type QuestionFlag = (typeof QUESTION_FLAGS)[number];

const QUESTION_FLAG_OF: Record<string, [QuestionFlag, boolean]> = {
  [QuestionDeleted.type]: ['deleted', true],
  [QuestionUndeleted.type]: ['deleted', false],
  [QuestionHidden.type]: ['hidden', true],
  [QuestionShown.type]: ['hidden', false],
};

/** Suggested edits queued (true) or leaving the queue (false), as `apply` has them. */
const PENDING_EDIT_OF: Record<string, boolean> = {
  [QuestionRevisionSubmitted.type]: true,
  [AnswerRevisionSubmitted.type]: true,
  [QuestionRevisionRejected.type]: false,
  [AnswerRevisionRejected.type]: false,
  [QuestionEdited.type]: false,
  [AnswerEdited.type]: false,
};

/** A folded row as the statements read it: inserted with its flags as after its insert, else updated with its last. */
const recordOf = <F extends string>(id: string, row: Folded<F>) => ({
  id,
  q: row.questionId,
  at: row.at,
  inserted: row.inserted,
  ...Object.fromEntries(
    Object.entries<Flag>(row.flags).flatMap(([name, flag]) => [
      [name, flag.any],
      [`${name}_new`, flag.afterInsert],
    ]),
  ),
});

/**
 * A run of everything but purges (which drop rows) in a statement per table, whatever its length (an import's
 * replay is asks, edits, acceptances, answers and comments). Each row is folded in order in JS: one the table
 * held before the run takes the last value the run gave each of its flags (each update reaches it); one the run
 * inserts is inserted as its first insert left it, with the flags set after that (those before found no row).
 * An answer moving between live and deleted moves its question's count once, if the question was there;
 * questions are inserted last, each counting the answers live by then, so an answer and its question end up
 * counted once in whichever order they came (as applied one by one). A suggested edit is queued or not as its
 * last event in the run left it.
 */
const postsInBulk: BulkApply = {
  types: new Set([
    QuestionAsked.type,
    AnswerPosted.type,
    CommentAdded.type,
    CommentDeleted.type,
    AnswerDeleted.type,
    AnswerUndeleted.type,
    AnswerAccepted.type,
    ...Object.keys(QUESTION_FLAG_OF),
    ...Object.keys(PENDING_EDIT_OF),
  ]),
  async apply(events, tx) {
    const questions = new Map<string, Folded<QuestionFlag>>();
    const answers = new Map<string, Folded<'deleted'>>();
    const comments = new Map<string, Folded<'deleted'>>();
    const pendingEdits = new Map<string, boolean>();
    for (const event of events) {
      const data = event.data as Data;
      const pending = PENDING_EDIT_OF[event.type];
      if (pending !== undefined) pendingEdits.set(data.revision_id ?? '', pending);
      const questionFlag = QUESTION_FLAG_OF[event.type];
      if (questionFlag) {
        const row = folded(questions, data.question_id ?? '', QUESTION_FLAGS);
        setFlag(row.flags[questionFlag[0]], questionFlag[1], row.inserted);
      }
      switch (event.type) {
        case QuestionAsked.type: {
          const row = folded(questions, data.question_id ?? '', QUESTION_FLAGS);
          if (!row.inserted) Object.assign(row, { inserted: true, at: event.occurredAt });
          break;
        }
        case AnswerAccepted.type: {
          const row = folded(questions, data.question_id ?? '', QUESTION_FLAGS);
          setFlag(row.flags.accepted, data.answer_id != null, row.inserted);
          break;
        }
        case AnswerPosted.type: {
          const row = folded(answers, data.answer_id ?? '', ['deleted']);
          if (!row.inserted) Object.assign(row, { inserted: true, at: event.occurredAt, questionId: data.question_id });
          break;
        }
        case AnswerDeleted.type:
        case AnswerUndeleted.type: {
          const row = folded(answers, data.answer_id ?? '', ['deleted']);
          setFlag(row.flags.deleted, event.type === AnswerDeleted.type, row.inserted);
          break;
        }
        case CommentAdded.type:
          folded(comments, data.comment_id ?? '', ['deleted']).inserted = true;
          break;
        case CommentDeleted.type: {
          const row = folded(comments, data.comment_id ?? '', ['deleted']);
          setFlag(row.flags.deleted, true, row.inserted);
          break;
        }
      }
    }
    const json = <F extends string>(rows: Map<string, Folded<F>>) =>
      JSON.stringify([...rows].map(([id, row]) => recordOf(id, row)));
    if (answers.size > 0) {
      await sql`
        with i as (
          select * from jsonb_to_recordset(${json(answers)}::jsonb)
            as i(id text, q text, at timestamptz, inserted boolean, deleted boolean, deleted_new boolean)
        ), moved as (
          update dashboard_answers a set deleted = i.deleted from i
          where a.answer_id = i.id and a.deleted <> i.deleted
          returning a.question_id, a.deleted
        ), added as (
          insert into dashboard_answers (answer_id, question_id, posted_at, deleted)
          select id, q, at, coalesce(deleted_new, false) from i
          where inserted and not exists (select 1 from dashboard_answers a where a.answer_id = i.id)
          returning question_id, deleted
        ), per_question as (
          select question_id, sum(n)::int as n
          from (select question_id, case when deleted then -1 else 1 end as n from moved
                union all select question_id, 1 from added where not deleted) as changes
          group by question_id)
        update dashboard_questions q set answer_count = q.answer_count + p.n
        from per_question p where q.question_id = p.question_id and p.n <> 0`.execute(tx);
    }
    if (questions.size > 0) {
      await sql`
        with i as (
          select * from jsonb_to_recordset(${json(questions)}::jsonb)
            as i(id text, at timestamptz, inserted boolean, deleted boolean, deleted_new boolean, hidden boolean,
                 hidden_new boolean, accepted boolean, accepted_new boolean)
        ), flagged as (
          update dashboard_questions q
          set deleted = coalesce(i.deleted, q.deleted), hidden = coalesce(i.hidden, q.hidden),
              accepted = coalesce(i.accepted, q.accepted)
          from i where q.question_id = i.id and coalesce(i.deleted, i.hidden, i.accepted) is not null
        )
        insert into dashboard_questions (question_id, asked_at, answer_count, deleted, hidden, accepted)
        select id, at, (select count(*) from dashboard_answers a where a.question_id = i.id and not a.deleted),
               coalesce(deleted_new, false), coalesce(hidden_new, false), coalesce(accepted_new, false)
        from i where inserted and not exists (select 1 from dashboard_questions q where q.question_id = i.id)`.execute(
        tx,
      );
    }
    if (comments.size > 0) {
      await sql`
        with i as (
          select * from jsonb_to_recordset(${json(comments)}::jsonb)
            as i(id text, inserted boolean, deleted boolean, deleted_new boolean)
        ), flagged as (
          update dashboard_comments c set deleted = true from i where c.comment_id = i.id and i.deleted
        )
        insert into dashboard_comments (comment_id, deleted)
        select id, coalesce(deleted_new, false) from i
        where inserted and not exists (select 1 from dashboard_comments c where c.comment_id = i.id)`.execute(tx);
    }
    if (pendingEdits.size > 0) {
      const ids = (queued: boolean) => [...pendingEdits].filter(([, q]) => q === queued).map(([id]) => id);
      await sql`
        with left_queue as (delete from dashboard_pending_edits where revision_id = any(${ids(false)}::text[]))
        insert into dashboard_pending_edits (revision_id) select unnest(${ids(true)}::text[])
        on conflict do nothing`.execute(tx);
    }
  },
};

async function apply(event: StoredEvent, tx: Tx): Promise<void> {
  const data = event.data as Data;
  switch (event.type) {
    case QuestionPurged.type: {
      const d = event.data as DataOf<typeof QuestionPurged>;
      await dropPurged(tx, {
        questionId: d.question_id,
        answerIds: d.answer_ids,
        commentIds: d.comment_ids,
        revisionIds: d.revision_ids,
      });
      return;
    }
    case AnswerPurged.type: {
      const d = event.data as DataOf<typeof AnswerPurged>;
      await dropPurged(tx, { answerIds: [d.answer_id], commentIds: d.comment_ids, revisionIds: d.revision_ids });
      return;
    }
    case QuestionAsked.type:
      // Its answers may have been applied first (on Kafka, another partition ran ahead): counted here, once.
      await sql`insert into dashboard_questions (question_id, asked_at, answer_count)
                values (${data.question_id}, ${event.occurredAt},
                        (select count(*) from dashboard_answers where question_id = ${data.question_id} and not deleted))
                on conflict do nothing`.execute(tx);
      return;
    case QuestionDeleted.type:
    case QuestionUndeleted.type:
      await sql`update dashboard_questions set deleted = ${event.type === QuestionDeleted.type}
                where question_id = ${data.question_id}`.execute(tx);
      return;
    case QuestionHidden.type:
    case QuestionShown.type:
      await sql`update dashboard_questions set hidden = ${event.type === QuestionHidden.type}
                where question_id = ${data.question_id}`.execute(tx);
      return;
    case AnswerAccepted.type:
      await sql`update dashboard_questions set accepted = ${data.answer_id != null}
                where question_id = ${data.question_id}`.execute(tx);
      return;
    case AnswerPosted.type:
      await sql`
        with added as (
          insert into dashboard_answers (answer_id, question_id, posted_at)
          values (${data.answer_id}, ${data.question_id}, ${event.occurredAt})
          on conflict do nothing returning question_id)
        update dashboard_questions q set answer_count = q.answer_count + 1
        from added where q.question_id = added.question_id`.execute(tx);
      return;
    case AnswerDeleted.type:
    case AnswerUndeleted.type:
      await setAnswerDeleted(tx, data.answer_id ?? '', event.type === AnswerDeleted.type);
      return;
    case CommentAdded.type:
      await sql`insert into dashboard_comments (comment_id) values (${data.comment_id}) on conflict do nothing`.execute(
        tx,
      );
      return;
    case CommentDeleted.type:
      await sql`update dashboard_comments set deleted = true where comment_id = ${data.comment_id}`.execute(tx);
      return;
    case QuestionRevisionSubmitted.type:
    case AnswerRevisionSubmitted.type:
      await sql`insert into dashboard_pending_edits (revision_id) values (${data.revision_id})
                on conflict do nothing`.execute(tx);
      return;
    // A suggested edit leaves the queue when rejected, or when applied (its revision becomes the post's).
    case QuestionRevisionRejected.type:
    case AnswerRevisionRejected.type:
    case QuestionEdited.type:
    case AnswerEdited.type:
      await sql`delete from dashboard_pending_edits where revision_id = ${data.revision_id}`.execute(tx);
      return;
  }
}

/** Posts' facts the dashboard counts: questions, answers, comments and edits waiting for review. */
export const dashboardFromPosts: Projection = {
  name: 'dashboard-from-posts',
  // An admin's counts, a second late at most.
  ...LINGERING,
  source: 'posts',
  events: [
    QuestionAsked,
    QuestionDeleted,
    QuestionUndeleted,
    QuestionHidden,
    QuestionShown,
    AnswerAccepted,
    AnswerPosted,
    AnswerDeleted,
    AnswerUndeleted,
    CommentAdded,
    CommentDeleted,
    QuestionRevisionSubmitted,
    AnswerRevisionSubmitted,
    QuestionRevisionRejected,
    AnswerRevisionRejected,
    QuestionEdited,
    AnswerEdited,
    QuestionPurged,
    AnswerPurged,
  ],
  topics: [DASHBOARD_TOPIC],
  apply,
  applyBatch: (events, tx) => applyInRuns(events, tx, postsInBulk, apply),
  async reset(tx) {
    await sql`truncate dashboard_questions, dashboard_answers, dashboard_comments, dashboard_pending_edits`.execute(tx);
  },
};
