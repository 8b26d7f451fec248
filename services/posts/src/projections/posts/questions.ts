import { PostStatus, RevisionStatus } from '@agora/contracts';
import { excerptOfHtml, PinSql, PostStatusSql, ShowSql, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { QuestionEvent } from '../../domain/question/decider';
import type { Appliers, Stored } from './appliers';
import { questionLinkChanges, setDuplicateLinks } from './link-rows';
import { dropPurgedPosts } from './purged-rows';
import { answersFollowListing, DESCRIPTION_LENGTH, questionAskedWrites, questionTagChanges } from './question-rows';
import { insertRevision, recordRevision, rejectRevision } from './revision-rows';
import { activity, insertActivity } from './timeline-rows';

type Event<T extends QuestionEvent['type']> = Stored<Extract<QuestionEvent, { type: T }>>;

/** Deleted or back (available), on the question's timeline. */
async function setDeleted(tx: Tx, event: Event<'posts.question_deleted' | 'posts.question_undeleted'>) {
  const d = event.data;
  const deleted = event.type === 'posts.question_deleted';
  await sql`update questions set status = ${deleted ? PostStatus.deleted : PostStatus.available}, updated_at = ${event.occurredAt} where id = ${d.question_id}`.execute(
    tx,
  );
  await answersFollowListing(tx, d.question_id);
  await activity(tx, event, {
    object: d.question_id,
    timeline: d.question_id,
    type: deleted ? 'deleted' : 'undeleted',
    user: d.actor_id,
  });
}

/** Pinned, unpinned, hidden or shown: the column it sets and the timeline's activity type. */
async function setDisplay(
  tx: Tx,
  event: Event<'posts.question_pinned' | 'posts.question_unpinned' | 'posts.question_hidden' | 'posts.question_shown'>,
) {
  const d = event.data;
  const change = {
    'posts.question_pinned': [sql`pin = ${PinSql.pinned}`, 'pin'],
    'posts.question_unpinned': [sql`pin = ${PinSql.unpinned}`, 'unpin'],
    'posts.question_hidden': [sql`show = ${ShowSql.hidden}`, 'hide'],
    'posts.question_shown': [sql`show = ${ShowSql.shown}`, 'show'],
  }[event.type] as [ReturnType<typeof sql>, string];
  await sql`update questions set ${change[0]}, updated_at = ${event.occurredAt} where id = ${d.question_id}`.execute(
    tx,
  );
  if (event.type === 'posts.question_hidden' || event.type === 'posts.question_shown') {
    await answersFollowListing(tx, d.question_id);
  }
  await activity(tx, event, { object: d.question_id, timeline: d.question_id, type: change[1], user: d.actor_id });
}

/** The questions rows (and their tags, revisions and timeline) from the question aggregate's events. */
export const questionAppliers: Appliers<QuestionEvent> = {
  async 'posts.question_asked'(tx, event) {
    // Published after review: the held row (written by `posts.question_held`) becomes public.
    const { rows } =
      await sql`update questions set status = ${PostStatusSql.available}, post_update_time = ${event.occurredAt},
                                 updated_at = ${event.occurredAt}
                               where id = ${event.data.question_id} and status = ${PostStatusSql.pending}
                               returning id`.execute(tx);
    if (rows.length > 0) return;
    await sql`with ${questionAskedWrites(event.id, event.data, event.occurredAt)} select 1`.execute(tx);
  },
  async 'posts.question_held'(tx, event) {
    const { reason: _, ...asked } = event.data;
    await sql`with ${questionAskedWrites(event.id, asked, event.occurredAt, PostStatus.pending)} select 1`.execute(tx);
  },
  async 'posts.held_question_dropped'(tx, event) {
    const d = event.data;
    await sql`update questions set status = ${PostStatusSql.deleted}, updated_at = ${event.occurredAt}
              where id = ${d.question_id}`.execute(tx);
    await activity(tx, event, { object: d.question_id, timeline: d.question_id, type: 'deleted', user: d.actor_id });
  },
  async 'posts.question_edited'(tx, event) {
    const d = event.data;
    const at = event.occurredAt;
    await sql`
        with edited as (
          update questions set title = ${d.title}, url_title = ${d.url_title}, content = ${d.content}, html = ${d.html},
            description = ${excerptOfHtml(d.html, DESCRIPTION_LENGTH)}, tags = ${JSON.stringify(d.tags)}::jsonb,
            revision_id = ${d.revision_id}, pending_revision_id = null, last_edit_user_id = ${d.editor_id}, last_edit_at = ${at},
            post_update_time = ${at}, updated_at = ${at}
          where id = ${d.question_id}
        ), ${questionTagChanges(d.question_id, d.tags, at)},
        ${questionLinkChanges({ id: d.question_id, questionId: d.question_id }, 'body', d.content)}, revision as (
          ${insertRevision({
            id: d.revision_id,
            object: d.question_id,
            type: 'question',
            user: d.editor_id,
            status: RevisionStatus.applied,
            content: { title: d.title, content: d.content, tags: d.tags },
            log: d.edit_summary,
            at,
          })}
        )
        ${insertActivity(event, [
          {
            object: d.question_id,
            timeline: d.question_id,
            type: 'edited',
            user: d.editor_id,
            revision: d.revision_id,
            comment: d.edit_summary,
          },
        ])}`.execute(tx);
  },
  async 'posts.question_retagged'(tx, event) {
    // Filed under the tag its tags were merged into: no edit, so no revision, timeline entry or activity time.
    const d = event.data;
    await sql`
        with retagged as (
          update questions set tags = ${JSON.stringify(d.tags)}::jsonb where id = ${d.question_id}
        ), ${questionTagChanges(d.question_id, d.tags, event.occurredAt)}
        select 1`.execute(tx);
  },
  async 'posts.question_revision_submitted'(tx, event) {
    const d = event.data;
    await sql`update questions set pending_revision_id = ${d.revision_id} where id = ${d.question_id}`.execute(tx);
    await recordRevision(tx, {
      id: d.revision_id,
      object: d.question_id,
      type: 'question',
      user: d.editor_id,
      status: RevisionStatus.pending,
      content: { title: d.title, content: d.content, tags: d.tags },
      log: d.edit_summary,
      at: event.occurredAt,
    });
  },
  async 'posts.question_revision_rejected'(tx, event) {
    await rejectRevision(tx, 'questions', event.data.question_id, event.data.revision_id);
  },
  'posts.question_deleted': setDeleted,
  'posts.question_undeleted': setDeleted,
  async 'posts.question_purged'(tx, event) {
    const d = event.data;
    await dropPurgedPosts(tx, { questionId: d.question_id, answerIds: d.answer_ids, commentIds: d.comment_ids });
  },
  async 'posts.question_closed'(tx, event) {
    const d = event.data;
    await sql`update questions set status = ${PostStatusSql.closed}, close_type = ${d.close_type}, close_msg = ${d.close_msg}, updated_at = ${event.occurredAt}
                where id = ${d.question_id}`.execute(tx);
    await setDuplicateLinks(tx, d.question_id, d.close_type, d.close_msg);
    await activity(tx, event, {
      object: d.question_id,
      timeline: d.question_id,
      type: 'closed',
      user: d.actor_id,
      comment: d.close_msg,
      reason: d.close_type,
    });
  },
  async 'posts.question_reopened'(tx, event) {
    const d = event.data;
    await sql`update questions set status = ${PostStatusSql.available}, close_type = null, close_msg = '', updated_at = ${event.occurredAt} where id = ${d.question_id}`.execute(
      tx,
    );
    await setDuplicateLinks(tx, d.question_id, null, '');
    await activity(tx, event, { object: d.question_id, timeline: d.question_id, type: 'reopened', user: d.actor_id });
  },
  'posts.question_pinned': setDisplay,
  'posts.question_unpinned': setDisplay,
  'posts.question_hidden': setDisplay,
  'posts.question_shown': setDisplay,
  async 'posts.answer_accepted'(tx, event) {
    const d = event.data;
    const at = event.occurredAt;
    await sql`update questions set accepted_answer_id = ${d.answer_id}, updated_at = ${at} where id = ${d.question_id}`.execute(
      tx,
    );
    await sql`update answers set accepted = (id = ${d.answer_id ?? ''}) where question_id = ${d.question_id}`.execute(
      tx,
    );
    if (d.previous_answer_id) {
      await sql`update activity set cancelled = true, cancelled_at = ${at}
                  where object_id = ${d.previous_answer_id} and activity_type = 'accept' and not cancelled`.execute(tx);
    }
    if (d.answer_id) {
      await activity(
        tx,
        event,
        { object: d.answer_id, timeline: d.question_id, type: 'accept', user: d.actor_id },
        { object: d.answer_id, timeline: d.answer_id, type: 'accept', user: d.actor_id },
      );
    }
  },
  async 'posts.invitations_updated'(tx, event) {
    const d = event.data;
    await sql`update questions set invited_user_ids = ${JSON.stringify(d.user_ids)}::jsonb where id = ${d.question_id}`.execute(
      tx,
    );
  },
};
