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

/**
 * Questions, answers and comments added, a statement for each kind in a run. Questions go first: one counts the
 * answers already there, and an answer counts for a question already there, so an answer and its question end up
 * counted once in whichever order they came (as applied one by one).
 */
const addedInBulk: BulkApply = {
  types: new Set([QuestionAsked.type, AnswerPosted.type, CommentAdded.type]),
  async apply(events, tx) {
    const of = (type: string) => events.filter((e) => e.type === type);
    const data = (e: StoredEvent) => e.data as Data;
    const asked = of(QuestionAsked.type);
    if (asked.length > 0) {
      await sql`
        insert into dashboard_questions (question_id, asked_at, answer_count)
        select r.question_id, r.asked_at,
               (select count(*) from dashboard_answers a where a.question_id = r.question_id and not a.deleted)
        from unnest(${asked.map((e) => data(e).question_id)}::text[], ${asked.map((e) => e.occurredAt)}::timestamptz[])
          as r(question_id, asked_at)
        on conflict do nothing`.execute(tx);
    }
    const posted = of(AnswerPosted.type);
    if (posted.length > 0) {
      await sql`
        with added as (
          insert into dashboard_answers (answer_id, question_id, posted_at)
          select * from unnest(${posted.map((e) => data(e).answer_id)}::text[],
                               ${posted.map((e) => data(e).question_id)}::text[],
                               ${posted.map((e) => e.occurredAt)}::timestamptz[])
          on conflict do nothing returning question_id
        ), per_question as (select question_id, count(*)::int as n from added group by question_id)
        update dashboard_questions q set answer_count = q.answer_count + p.n
        from per_question p where q.question_id = p.question_id`.execute(tx);
    }
    const commented = of(CommentAdded.type);
    if (commented.length > 0) {
      await sql`insert into dashboard_comments (comment_id)
                select unnest(${commented.map((e) => data(e).comment_id)}::text[]) on conflict do nothing`.execute(tx);
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
  applyBatch: (events, tx) => applyInRuns(events, tx, addedInBulk, apply),
  async reset(tx) {
    await sql`truncate dashboard_questions, dashboard_answers, dashboard_comments, dashboard_pending_edits`.execute(tx);
  },
};
