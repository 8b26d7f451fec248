import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  AnswerUndeleted,
  type EventOf,
  PostStatus,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionHidden,
  QuestionPurged,
  QuestionReopened,
  QuestionShown,
  QuestionUndeleted,
  ViewsCounted,
} from '@agora/contracts';
import { type Projection, plainText, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { SEARCH_POST_WRITERS, TOUCH, touchAnswersOf } from './changes';

type Event =
  | EventOf<typeof QuestionAsked>
  | EventOf<typeof QuestionEdited>
  | EventOf<typeof QuestionDeleted>
  | EventOf<typeof QuestionUndeleted>
  | EventOf<typeof QuestionClosed>
  | EventOf<typeof QuestionReopened>
  | EventOf<typeof QuestionHidden>
  | EventOf<typeof QuestionShown>
  | EventOf<typeof AnswerAccepted>
  | EventOf<typeof AnswerPosted>
  | EventOf<typeof AnswerEdited>
  | EventOf<typeof AnswerDeleted>
  | EventOf<typeof AnswerUndeleted>
  | EventOf<typeof QuestionPurged>
  | EventOf<typeof AnswerPurged>
  | EventOf<typeof ViewsCounted>;

/** Applies an event of a post's own stream once: an event not newer than the row changes nothing. */
async function updateOwn(tx: Tx, id: string, version: number, set: ReturnType<typeof sql>): Promise<boolean> {
  const { rows } = await sql`update search_posts set ${set}, version = ${version}, ${TOUCH}
                             where id = ${id} and version < ${version} returning id`.execute(tx);
  return rows.length > 0;
}

/** The live answers of a question and its last activity (a new or edited answer bumps it). */
async function refreshQuestion(tx: Tx, questionId: string, activeAt?: string): Promise<void> {
  await sql`
    update search_posts q set answer_count = (
        select count(*) from search_posts a where a.type = 'answer' and a.question_id = ${questionId} and a.status = ${PostStatus.available}),
      active_at = greatest(q.active_at, ${activeAt ?? null}::timestamptz), ${TOUCH}
    where q.id = ${questionId}`.execute(tx);
}

/**
 * A question arriving after answers to it (on Kafka another partition may run ahead:
 * docs/adr/0080-one-batch-of-a-group-at-a-time.md) counts them, and is as active as the latest of them.
 */
async function countEarlierAnswers(tx: Tx, questionId: string): Promise<void> {
  await sql`
    update search_posts q set answer_count = a.live, active_at = greatest(q.active_at, a.latest), ${TOUCH}
    from (select count(*) filter (where status = ${PostStatus.available}) as live, max(active_at) as latest
          from search_posts where type = 'answer' and question_id = ${questionId}) a
    where q.id = ${questionId} and a.latest is not null`.execute(tx);
}

/**
 * Purged posts lose their text at once and wait, marked, for the feeder to remove their documents and then
 * their rows; what search kept of votes and bookmarks on them goes now (and again with `votes.object_purged`).
 */
async function purge(tx: Tx, ids: string[]): Promise<void> {
  await sql`update search_posts set purged = true, title = '', url_title = '', body = '', tags = '[]'::jsonb, ${TOUCH}
            where id = any(${ids}::text[])`.execute(tx);
  await sql`delete from search_votes where object_id = any(${ids}::text[])`.execute(tx);
  await sql`delete from search_bookmarks where object_id = any(${ids}::text[])`.execute(tx);
  await sql`delete from search_post_counts where object_id = any(${ids}::text[])`.execute(tx);
}

async function apply(stored: StoredEvent, tx: Tx): Promise<void> {
  const event = stored as unknown as Event;
  const at = stored.occurredAt;
  const version = stored.version;
  switch (event.type) {
    case 'posts.question_asked': {
      const d = event.data;
      await sql`
        insert into search_posts (id, type, question_id, user_id, title, url_title, body, tags, created_at, active_at, version)
        values (${d.question_id}, 'question', ${d.question_id}, ${d.user_id}, ${d.title}, ${d.url_title},
                ${plainText(d.content)}, ${JSON.stringify(d.tags)}::jsonb, ${at}, ${at}, ${version})
        on conflict (id) do nothing`.execute(tx);
      await countEarlierAnswers(tx, d.question_id);
      // And those answers are indexed again with the question's tags and visibility.
      await touchAnswersOf(tx, [d.question_id]);
      return;
    }
    case 'posts.question_edited': {
      const d = event.data;
      const set = sql`title = ${d.title}, url_title = ${d.url_title}, body = ${plainText(d.content)},
                      tags = ${JSON.stringify(d.tags)}::jsonb, active_at = greatest(active_at, ${at}::timestamptz)`;
      if (await updateOwn(tx, d.question_id, version, set)) await touchAnswersOf(tx, [d.question_id]);
      return;
    }
    case 'posts.question_deleted':
    case 'posts.question_undeleted': {
      const status = event.type === 'posts.question_deleted' ? PostStatus.deleted : PostStatus.available;
      const id = event.data.question_id;
      if (await updateOwn(tx, id, version, sql`status = ${status}`)) await touchAnswersOf(tx, [id]);
      return;
    }
    case 'posts.question_closed':
    case 'posts.question_reopened':
      await updateOwn(
        tx,
        event.data.question_id,
        version,
        sql`status = ${event.type === 'posts.question_closed' ? PostStatus.closed : PostStatus.available}`,
      );
      return;
    case 'posts.question_hidden':
    case 'posts.question_shown': {
      const id = event.data.question_id;
      const hidden = event.type === 'posts.question_hidden';
      if (await updateOwn(tx, id, version, sql`hidden = ${hidden}`)) await touchAnswersOf(tx, [id]);
      return;
    }
    case 'posts.answer_accepted': {
      const d = event.data;
      if (await updateOwn(tx, d.question_id, version, sql`accepted_answer_id = ${d.answer_id}`)) {
        await touchAnswersOf(tx, [d.question_id]);
      }
      return;
    }
    case 'posts.answer_posted': {
      const d = event.data;
      await sql`
        insert into search_posts (id, type, question_id, user_id, body, created_at, active_at, version)
        values (${d.answer_id}, 'answer', ${d.question_id}, ${d.user_id}, ${plainText(d.content)}, ${at}, ${at}, ${version})
        on conflict (id) do nothing`.execute(tx);
      await refreshQuestion(tx, d.question_id, at);
      return;
    }
    case 'posts.answer_edited': {
      const d = event.data;
      if (await updateOwn(tx, d.answer_id, version, sql`body = ${plainText(d.content)}`)) {
        await refreshQuestion(tx, d.question_id, at);
      }
      return;
    }
    case 'posts.answer_deleted':
    case 'posts.answer_undeleted': {
      const d = event.data;
      const status = event.type === 'posts.answer_deleted' ? PostStatus.deleted : PostStatus.available;
      if (await updateOwn(tx, d.answer_id, version, sql`status = ${status}`)) await refreshQuestion(tx, d.question_id);
      return;
    }
    case 'posts.question_purged': {
      const d = event.data;
      await purge(tx, [d.question_id, ...d.answer_ids]);
      return;
    }
    case 'posts.answer_purged': {
      const d = event.data;
      await purge(tx, [d.answer_id]);
      await refreshQuestion(tx, d.question_id);
      return;
    }
    case 'posts.views_counted': {
      const counts = event.data.counts;
      // Views are shown by duplicate suggestions but not indexed: no new version.
      await sql`
        update search_posts p set view_count = p.view_count + v.views
        from unnest(${counts.map((c) => c.question_id)}::text[], ${counts.map((c) => c.views)}::int[]) as v(id, views)
        where p.id = v.id`.execute(tx);
      return;
    }
  }
}

/** Questions and answers as search needs them, from posts' events (DESIGN §2: search indexes posts). */
export const postDocumentsProjection: Projection = {
  name: 'search-posts',
  source: 'posts',
  lockGroup: SEARCH_POST_WRITERS,
  events: [
    QuestionAsked,
    QuestionEdited,
    QuestionDeleted,
    QuestionUndeleted,
    QuestionClosed,
    QuestionReopened,
    QuestionHidden,
    QuestionShown,
    AnswerAccepted,
    AnswerPosted,
    AnswerEdited,
    AnswerDeleted,
    AnswerUndeleted,
    QuestionPurged,
    AnswerPurged,
    ViewsCounted,
  ],
  apply,
  async reset(tx) {
    await sql`truncate search_posts`.execute(tx);
  },
};
