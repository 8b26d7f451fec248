import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  AnswerUndeleted,
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  type DataOf,
  PostStatus,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionFollowed,
  QuestionHidden,
  QuestionPinned,
  QuestionPurged,
  QuestionReopened,
  QuestionShown,
  QuestionUndeleted,
  QuestionUnfollowed,
  QuestionUnpinned,
  ViewsCounted,
} from '@agora/contracts';
import { excerpt, PinSql, PostStatusSql, type Projection, ShowSql, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { refreshPostDeleted, takeLedgerLock } from '../ledger/post-deleted';

const DESCRIPTION_LENGTH = 240;
/** The change-feed topic of the post facts tables (questions, answers, comments). */

/**
 * A question's last change: the latest of its events and its answers', whatever order they are applied in (on
 * Kafka an answer's stream may run ahead of its question's: docs/adr/0080-one-batch-of-a-group-at-a-time.md).
 */
const touched = (at: string) => sql`updated_at = greatest(updated_at, ${at}::timestamptz)`;

export const POST_FACTS_TOPIC = 'post_facts';
/** Status columns each question act sets. */
const QUESTION_ACTS: Record<string, ReturnType<typeof sql>> = {
  [QuestionDeleted.type]: sql`status = ${PostStatusSql.deleted}`,
  [QuestionUndeleted.type]: sql`status = ${PostStatusSql.available}`,
  [QuestionClosed.type]: sql`status = ${PostStatusSql.closed}`,
  [QuestionReopened.type]: sql`status = ${PostStatusSql.available}`,
  [QuestionPinned.type]: sql`pin = ${PinSql.pinned}`,
  [QuestionUnpinned.type]: sql`pin = ${PinSql.unpinned}`,
  [QuestionHidden.type]: sql`show = ${ShowSql.hidden}`,
  [QuestionShown.type]: sql`show = ${ShowSql.shown}`,
};

/** Acts that make a question deleted or not: the ledger entries under it follow (ledger/post-deleted.ts). */
const DELETIONS = new Set<string>([QuestionDeleted.type, QuestionUndeleted.type]);

/**
 * Votes forgets purged posts: their facts and follows (the reputation they earned was taken back when they were
 * deleted; the votes on them go with `votes.object_purged`, projections/purges);
 * docs/adr/0078-purging-in-an-event-sourced-system.md.
 */
async function dropPurged(tx: Tx, questionId: string | null, ids: string[]) {
  await sql`delete from comments where id = any(${ids}::text[]) or object_id = any(${ids}::text[])`.execute(tx);
  await sql`delete from answers where id = any(${ids}::text[])`.execute(tx);
  if (!questionId) return;
  await sql`delete from question_follows where question_id = ${questionId}`.execute(tx);
  await sql`delete from questions where id = ${questionId}`.execute(tx);
}

/**
 * What votes needs to know of posts, from posts' events: who owns each question, answer and comment,
 * whether it is deleted (no votes then), and what the bookmark and vote pages show of it (who follows a
 * question included).
 */
export const postFactsProjection: Projection = {
  name: 'post-facts',
  source: 'posts',
  topics: [POST_FACTS_TOPIC],
  events: [
    QuestionAsked,
    QuestionEdited,
    QuestionDeleted,
    QuestionUndeleted,
    QuestionClosed,
    QuestionReopened,
    QuestionPinned,
    QuestionUnpinned,
    QuestionHidden,
    QuestionShown,
    AnswerAccepted,
    AnswerPosted,
    AnswerEdited,
    AnswerDeleted,
    AnswerUndeleted,
    CommentAdded,
    CommentEdited,
    CommentDeleted,
    ViewsCounted,
    QuestionFollowed,
    QuestionUnfollowed,
    QuestionPurged,
    AnswerPurged,
  ],
  async apply(event, tx) {
    const at = event.occurredAt;
    const act = QUESTION_ACTS[event.type];
    if (act) {
      const d = event.data as { question_id: string };
      const deletion = DELETIONS.has(event.type);
      if (deletion) await takeLedgerLock(tx);
      await sql`update questions set ${act}, ${touched(at)} where id = ${d.question_id}`.execute(tx);
      if (deletion) await refreshPostDeleted(tx, { questionId: d.question_id });
      return;
    }
    switch (event.type) {
      case QuestionAsked.type: {
        const d = event.data as DataOf<typeof QuestionAsked>;
        await sql`
          insert into questions (id, user_id, title, url_title, content, html, description, tags, created_at, updated_at)
          values (${d.question_id}, ${d.user_id}, ${d.title}, ${d.url_title}, ${d.content}, ${d.html},
                  ${excerpt(d.content, DESCRIPTION_LENGTH)}, ${JSON.stringify(d.tags)}::jsonb, ${at},
                  -- Answers applied before it (on Kafka another partition may run ahead) touched it already.
                  greatest(${at}::timestamptz,
                           (select max(created_at) from answers where question_id = ${d.question_id})))
          on conflict (id) do nothing`.execute(tx);
        return;
      }
      case QuestionEdited.type: {
        const d = event.data as DataOf<typeof QuestionEdited>;
        await sql`
          update questions set title = ${d.title}, url_title = ${d.url_title}, content = ${d.content}, html = ${d.html},
            description = ${excerpt(d.content, DESCRIPTION_LENGTH)}, tags = ${JSON.stringify(d.tags)}::jsonb,
            last_edit_user_id = ${d.editor_id}, edited_at = ${at}, ${touched(at)}
          where id = ${d.question_id}`.execute(tx);
        return;
      }
      case AnswerAccepted.type: {
        const d = event.data as DataOf<typeof AnswerAccepted>;
        await sql`update questions set accepted_answer_id = ${d.answer_id} where id = ${d.question_id}`.execute(tx);
        return;
      }
      case AnswerPosted.type: {
        const d = event.data as DataOf<typeof AnswerPosted>;
        await sql`
          insert into answers (id, question_id, user_id, description, created_at)
          values (${d.answer_id}, ${d.question_id}, ${d.user_id}, ${excerpt(d.content, DESCRIPTION_LENGTH)}, ${at})
          on conflict (id) do nothing`.execute(tx);
        await sql`update questions set ${touched(at)} where id = ${d.question_id}`.execute(tx);
        return;
      }
      case AnswerEdited.type: {
        const d = event.data as DataOf<typeof AnswerEdited>;
        await sql`update answers set description = ${excerpt(d.content, DESCRIPTION_LENGTH)} where id = ${d.answer_id}`.execute(
          tx,
        );
        return;
      }
      case AnswerDeleted.type:
      case AnswerUndeleted.type: {
        const d = event.data as DataOf<typeof AnswerDeleted>;
        const status = event.type === AnswerDeleted.type ? PostStatus.deleted : PostStatus.available;
        await takeLedgerLock(tx);
        await sql`update answers set status = ${status} where id = ${d.answer_id}`.execute(tx);
        await refreshPostDeleted(tx, { objectId: d.answer_id });
        return;
      }
      case CommentAdded.type: {
        const d = event.data as DataOf<typeof CommentAdded>;
        await sql`
          insert into comments (id, object_id, question_id, user_id, description, created_at)
          values (${d.comment_id}, ${d.object_id}, ${d.question_id}, ${d.user_id},
                  ${excerpt(d.original_text, DESCRIPTION_LENGTH)}, ${at})
          on conflict (id) do nothing`.execute(tx);
        return;
      }
      case CommentEdited.type: {
        const d = event.data as DataOf<typeof CommentEdited>;
        await sql`update comments set description = ${excerpt(d.original_text, DESCRIPTION_LENGTH)}
                  where id = ${d.comment_id}`.execute(tx);
        return;
      }
      case CommentDeleted.type: {
        const commentId = (event.data as { comment_id: string }).comment_id;
        await takeLedgerLock(tx);
        await sql`update comments set status = ${PostStatusSql.deleted} where id = ${commentId}`.execute(tx);
        await refreshPostDeleted(tx, { objectId: commentId });
        return;
      }
      case QuestionFollowed.type: {
        const d = event.data as DataOf<typeof QuestionFollowed>;
        await sql`insert into question_follows (question_id, user_id) values (${d.question_id}, ${d.user_id})
                  on conflict do nothing`.execute(tx);
        return;
      }
      case QuestionUnfollowed.type: {
        const d = event.data as DataOf<typeof QuestionUnfollowed>;
        await sql`delete from question_follows where question_id = ${d.question_id} and user_id = ${d.user_id}`.execute(
          tx,
        );
        return;
      }
      case QuestionPurged.type: {
        const d = event.data as DataOf<typeof QuestionPurged>;
        await dropPurged(tx, d.question_id, [d.question_id, ...d.answer_ids, ...d.comment_ids]);
        return;
      }
      case AnswerPurged.type: {
        const d = event.data as DataOf<typeof AnswerPurged>;
        await dropPurged(tx, null, [d.answer_id, ...d.comment_ids]);
        return;
      }
      case ViewsCounted.type: {
        const counts = (event.data as DataOf<typeof ViewsCounted>).counts;
        await sql`
          update questions q set view_count = q.view_count + v.views, unique_view_count = q.unique_view_count + v.uniq
          from unnest(${counts.map((c) => c.question_id)}::text[], ${counts.map((c) => c.views)}::int[],
                      ${counts.map((c) => c.unique_views)}::int[]) as v(id, views, uniq)
          where q.id = v.id`.execute(tx);
        return;
      }
    }
  },
  async reset(tx) {
    await takeLedgerLock(tx);
    await sql`truncate questions, answers, comments, question_follows`.execute(tx);
    // Replaying posts' log deletes again what is deleted.
    await sql`update ledger_entries set post_deleted = false where post_deleted`.execute(tx);
  },
};
