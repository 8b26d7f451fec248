import { PostStatus, RevisionStatus } from '@agora/contracts';
import { PostStatusSql, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { AnswerEvent } from '../../domain/answer/decider';
import type { Appliers, Stored } from './appliers';
import { questionLinkChanges, removeQuestionLinks, setQuestionLinks } from './link-rows';
import { dropPurgedPosts } from './purged-rows';
import { questionListed } from './question-rows';
import { insertRevision, recordRevision, rejectRevision } from './revision-rows';
import { activity, insertActivity } from './timeline-rows';

/**
 * Recounts a question's answers; `touched` also moves its activity time (a new answer), never back: an imported
 * question's answers arrive after its own later acts (its closure), each at its original time. Answers of one
 * transaction share a time: ids (time-ordered) break the tie, so a replay picks the same first and last.
 */
async function refreshAnswerCount(tx: Tx, questionId: string, touched?: string) {
  const activityTime = touched
    ? sql`post_update_time = greatest(q.post_update_time, ${touched}), updated_at = greatest(q.updated_at, ${touched}),`
    : sql``;
  await sql`
    update questions q set ${activityTime} answer_count = a.n, first_answer_id = a.first_id, last_answer_id = a.last_id,
      last_answer_at = a.last_at, last_answer_user_id = a.last_user
    from (
      select count(*)::int as n,
        (array_agg(id order by created_at, id))[1] as first_id,
        (array_agg(id order by created_at desc, id desc))[1] as last_id,
        max(created_at) as last_at,
        (array_agg(coalesce(last_edit_user_id, user_id) order by created_at desc, id desc))[1] as last_user
      from answers where question_id = ${questionId} and status = ${PostStatusSql.available}
    ) a
    where q.id = ${questionId}`.execute(tx);
}

type Event<T extends AnswerEvent['type']> = Stored<Extract<AnswerEvent, { type: T }>>;

/** Deleted or back (available): the question's answer count follows, and the answer's timeline says so. */
async function setDeleted(tx: Tx, event: Event<'posts.answer_deleted' | 'posts.answer_undeleted'>) {
  const d = event.data;
  const deleted = event.type === 'posts.answer_deleted';
  await sql`update answers set status = ${deleted ? PostStatus.deleted : PostStatus.available}, updated_at = ${event.occurredAt} where id = ${d.answer_id}`.execute(
    tx,
  );
  await refreshAnswerCount(tx, d.question_id);
  // A deleted answer links to nothing; back, it links to what its text does.
  if (deleted) await removeQuestionLinks(tx, d.answer_id);
  else {
    const { rows } = await sql<{ content: string }>`select content from answers where id = ${d.answer_id}`.execute(tx);
    await setQuestionLinks(tx, { id: d.answer_id, questionId: d.question_id }, 'body', rows[0]?.content ?? '');
  }
  await activity(tx, event, {
    object: d.answer_id,
    timeline: d.answer_id,
    type: deleted ? 'deleted' : 'undeleted',
    user: d.actor_id,
  });
}

/** A new answer's rows (its links, first revision and timeline), published or held for review. */
async function insertAnswer(tx: Tx, event: Event<'posts.answer_posted' | 'posts.answer_held'>, status: number) {
  const d = event.data;
  const at = event.occurredAt;
  await sql`
        with posted as (
          insert into answers (id, question_id, user_id, content, html, revision_id, status, created_at, updated_at, question_listed)
          values (${d.answer_id}, ${d.question_id}, ${d.user_id}, ${d.content}, ${d.html}, ${d.revision_id}, ${status}, ${at}, ${at},
                  coalesce((select ${questionListed('q')} from questions q where q.id = ${d.question_id}), true))
          on conflict (id) do nothing
        ), ${questionLinkChanges({ id: d.answer_id, questionId: d.question_id }, 'body', d.content)}, revision as (
          ${insertRevision({
            id: d.revision_id,
            object: d.answer_id,
            type: 'answer',
            user: d.user_id,
            status: RevisionStatus.applied,
            content: { content: d.content },
            at,
          })}
        )
        ${insertActivity(event, [
          { object: d.answer_id, timeline: d.question_id, type: 'answered', user: d.user_id, revision: d.revision_id },
          { object: d.answer_id, timeline: d.answer_id, type: 'answered', user: d.user_id, revision: d.revision_id },
        ])}`.execute(tx);
}

/** The answers rows (and their questions' counts, revisions and timelines) from the answer aggregate's events. */
export const answerAppliers: Appliers<AnswerEvent> = {
  async 'posts.answer_posted'(tx, event) {
    const d = event.data;
    // Published after review: the held row (written by `posts.answer_held`) counts from now on.
    const { rows } = await sql`update answers set status = ${PostStatusSql.available}, updated_at = ${event.occurredAt}
                               where id = ${d.answer_id} and status = ${PostStatusSql.pending} returning id`.execute(
      tx,
    );
    if (rows.length > 0) return refreshAnswerCount(tx, d.question_id, event.occurredAt);
    await insertAnswer(tx, event, PostStatus.available);
    // A statement of its own: the count must see the answer just inserted.
    await refreshAnswerCount(tx, d.question_id, event.occurredAt);
  },
  async 'posts.answer_held'(tx, event) {
    await insertAnswer(tx, event, PostStatus.pending);
  },
  async 'posts.held_answer_dropped'(tx, event) {
    const d = event.data;
    await sql`update answers set status = ${PostStatusSql.deleted}, updated_at = ${event.occurredAt}
              where id = ${d.answer_id}`.execute(tx);
    await activity(tx, event, { object: d.answer_id, timeline: d.answer_id, type: 'deleted', user: d.actor_id });
  },
  async 'posts.answer_edited'(tx, event) {
    const d = event.data;
    const at = event.occurredAt;
    await sql`update answers set content = ${d.content}, html = ${d.html}, revision_id = ${d.revision_id},
                  pending_revision_id = null, last_edit_user_id = ${d.editor_id}, updated_at = ${at}
                where id = ${d.answer_id}`.execute(tx);
    await sql`update questions set post_update_time = ${at} where id = ${d.question_id}`.execute(tx);
    await setQuestionLinks(tx, { id: d.answer_id, questionId: d.question_id }, 'body', d.content);
    await recordRevision(tx, {
      id: d.revision_id,
      object: d.answer_id,
      type: 'answer',
      user: d.editor_id,
      status: RevisionStatus.applied,
      content: { content: d.content },
      log: d.edit_summary,
      at,
    });
    await activity(tx, event, {
      object: d.answer_id,
      timeline: d.answer_id,
      type: 'edited',
      user: d.editor_id,
      revision: d.revision_id,
      comment: d.edit_summary,
    });
  },
  async 'posts.answer_revision_submitted'(tx, event) {
    const d = event.data;
    await sql`update answers set pending_revision_id = ${d.revision_id} where id = ${d.answer_id}`.execute(tx);
    await recordRevision(tx, {
      id: d.revision_id,
      object: d.answer_id,
      type: 'answer',
      user: d.editor_id,
      status: RevisionStatus.pending,
      content: { content: d.content },
      log: d.edit_summary,
      at: event.occurredAt,
    });
  },
  async 'posts.answer_revision_rejected'(tx, event) {
    await rejectRevision(tx, 'answers', event.data.answer_id, event.data.revision_id);
  },
  'posts.answer_deleted': setDeleted,
  'posts.answer_undeleted': setDeleted,
  async 'posts.answer_purged'(tx, event) {
    await dropPurgedPosts(tx, { answerIds: [event.data.answer_id], commentIds: event.data.comment_ids });
    await refreshAnswerCount(tx, event.data.question_id);
  },
};
