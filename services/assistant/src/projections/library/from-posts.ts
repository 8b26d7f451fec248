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
  type EventOf,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionHidden,
  QuestionPurged,
  QuestionReopened,
  QuestionRetagged,
  QuestionShown,
  QuestionUndeleted,
} from '@agora/contracts';
import { type Projection, plainTextOfHtml, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';

type Event =
  | EventOf<typeof QuestionAsked>
  | EventOf<typeof QuestionEdited>
  | EventOf<typeof QuestionRetagged>
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
  | EventOf<typeof CommentAdded>
  | EventOf<typeof CommentEdited>
  | EventOf<typeof CommentDeleted>;

/** An event of a post's own stream, applied once: one not newer than the row changes nothing. */
async function updatePost(tx: Tx, stored: StoredEvent, id: string, set: ReturnType<typeof sql>): Promise<void> {
  await sql`update library_posts set ${set}, version = ${stored.version}
            where id = ${id} and version < ${stored.version}`.execute(tx);
}

async function updateComment(tx: Tx, stored: StoredEvent, id: string, set: ReturnType<typeof sql>): Promise<void> {
  await sql`update library_comments set ${set}, version = ${stored.version}
            where id = ${id} and version < ${stored.version}`.execute(tx);
}

/** Votes delivered before their post (another partition may run ahead on Kafka) count once it arrives. */
const votesSoFar = (id: string) =>
  sql`(select coalesce(sum(value), 0)::int from library_votes where object_id = ${id})`;

/** Posts whose semantic documents changed, for the embedder (a question's document holds its answers and comments). */
async function enqueue(tx: Tx, ids: readonly string[], at: string): Promise<void> {
  await sql`
    insert into semantic_queue (object_id, queued_at) select distinct id, ${at}::timestamptz from unnest(${[...ids]}::text[]) id
    on conflict (object_id) do update set queued_at = greatest(semantic_queue.queued_at, excluded.queued_at)`.execute(
    tx,
  );
}

/** The posts whose documents an event changes. */
function touched(event: Event): string[] {
  const d = event.data as Partial<Record<'question_id' | 'answer_id' | 'object_id', string>>;
  if (event.type === 'posts.question_purged' || event.type === 'posts.answer_purged') return [];
  return [d.question_id, d.answer_id, d.object_id].filter((id): id is string => Boolean(id));
}

async function purge(tx: Tx, postIds: string[], commentIds: string[]): Promise<void> {
  await sql`delete from semantic_vectors where object_id = any(${postIds}::text[])`.execute(tx);
  await sql`delete from semantic_queue where object_id = any(${postIds}::text[])`.execute(tx);
  await sql`delete from library_posts where id = any(${postIds}::text[])`.execute(tx);
  await sql`delete from library_comments where id = any(${commentIds}::text[]) or object_id = any(${postIds}::text[])`.execute(
    tx,
  );
  await sql`delete from library_votes where object_id = any(${[...postIds, ...commentIds]}::text[])`.execute(tx);
}

async function apply(stored: StoredEvent, tx: Tx): Promise<void> {
  await applyToLibrary(stored, tx);
  const ids = touched(stored as unknown as Event);
  if (stored.type === 'posts.comment_edited') {
    const { rows } = await sql<{ object_id: string; question_id: string }>`
      select object_id, question_id from library_comments where id = ${(stored.data as { comment_id: string }).comment_id}`.execute(
      tx,
    );
    for (const row of rows) ids.push(row.object_id, row.question_id);
  }
  if (ids.length > 0) await enqueue(tx, ids, stored.occurredAt);
}

async function applyToLibrary(stored: StoredEvent, tx: Tx): Promise<void> {
  const event = stored as unknown as Event;
  const at = stored.occurredAt;
  switch (event.type) {
    case 'posts.question_asked': {
      const d = event.data;
      await sql`
        insert into library_posts (id, kind, question_id, user_id, title, url_title, body, tags, vote_count,
                                   created_at, updated_at, version)
        values (${d.question_id}, 'question', ${d.question_id}, ${d.user_id}, ${d.title}, ${d.url_title},
                ${plainTextOfHtml(d.html)}, ${JSON.stringify(d.tags)}::jsonb, ${votesSoFar(d.question_id)},
                ${at}, ${at}, ${stored.version})
        on conflict (id) do nothing`.execute(tx);
      return;
    }
    case 'posts.question_edited': {
      const d = event.data;
      await updatePost(
        tx,
        stored,
        d.question_id,
        sql`title = ${d.title}, url_title = ${d.url_title}, body = ${plainTextOfHtml(d.html)},
            tags = ${JSON.stringify(d.tags)}::jsonb, updated_at = ${at}`,
      );
      return;
    }
    case 'posts.question_retagged':
      await updatePost(tx, stored, event.data.question_id, sql`tags = ${JSON.stringify(event.data.tags)}::jsonb`);
      return;
    case 'posts.question_deleted':
    case 'posts.question_undeleted':
      await updatePost(tx, stored, event.data.question_id, sql`deleted = ${event.type === 'posts.question_deleted'}`);
      return;
    case 'posts.question_closed':
    case 'posts.question_reopened':
      await updatePost(tx, stored, event.data.question_id, sql`closed = ${event.type === 'posts.question_closed'}`);
      return;
    case 'posts.question_hidden':
    case 'posts.question_shown':
      await updatePost(tx, stored, event.data.question_id, sql`hidden = ${event.type === 'posts.question_hidden'}`);
      return;
    case 'posts.answer_accepted':
      await updatePost(tx, stored, event.data.question_id, sql`accepted_answer_id = ${event.data.answer_id}`);
      return;
    case 'posts.answer_posted': {
      const d = event.data;
      await sql`
        insert into library_posts (id, kind, question_id, user_id, body, vote_count, created_at, updated_at, version)
        values (${d.answer_id}, 'answer', ${d.question_id}, ${d.user_id}, ${plainTextOfHtml(d.html)},
                ${votesSoFar(d.answer_id)}, ${at}, ${at}, ${stored.version})
        on conflict (id) do nothing`.execute(tx);
      return;
    }
    case 'posts.answer_edited':
      await updatePost(
        tx,
        stored,
        event.data.answer_id,
        sql`body = ${plainTextOfHtml(event.data.html)}, updated_at = ${at}`,
      );
      return;
    case 'posts.answer_deleted':
    case 'posts.answer_undeleted':
      await updatePost(tx, stored, event.data.answer_id, sql`deleted = ${event.type === 'posts.answer_deleted'}`);
      return;
    case 'posts.question_purged':
      await purge(tx, [event.data.question_id, ...event.data.answer_ids], event.data.comment_ids);
      return;
    case 'posts.answer_purged':
      await purge(tx, [event.data.answer_id], event.data.comment_ids);
      return;
    case 'posts.comment_added': {
      const d = event.data;
      await sql`
        insert into library_comments (id, object_id, question_id, user_id, body, created_at, version)
        values (${d.comment_id}, ${d.object_id}, ${d.question_id}, ${d.user_id}, ${plainTextOfHtml(d.parsed_text)},
                ${at}, ${stored.version})
        on conflict (id) do nothing`.execute(tx);
      return;
    }
    case 'posts.comment_edited':
      await updateComment(tx, stored, event.data.comment_id, sql`body = ${plainTextOfHtml(event.data.parsed_text)}`);
      return;
    case 'posts.comment_deleted':
      await updateComment(tx, stored, event.data.comment_id, sql`deleted = true`);
      return;
  }
}

/**
 * The library's questions, answers and comments, as plain text (docs/adr/0096-the-assistant-service.md). Held
 * posts never arrive here: posts announces a held post with `question_asked` or `answer_posted` only once it is
 * published.
 */
export const libraryFromPosts: Projection = {
  name: 'library-from-posts',
  source: 'posts',
  events: [
    QuestionAsked,
    QuestionEdited,
    QuestionRetagged,
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
    CommentAdded,
    CommentEdited,
    CommentDeleted,
  ],
  apply,
  async reset(tx) {
    await sql`truncate library_posts, library_comments, semantic_queue, semantic_vectors, semantic_centroids`.execute(
      tx,
    );
  },
};
