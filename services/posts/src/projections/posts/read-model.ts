import type { EventOf, QuestionAsked, ViewsCounted } from '@agora/contracts';
import type { InlineWrites, PendingEvent, StoredEvent, Tx } from '@agora/platform';
import { excerptOfHtml } from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';
import type { AnswerEvent } from '../../domain/answer/decider';
import type { CommentEvent } from '../../domain/comment/decider';
import type { QuestionEvent } from '../../domain/question/decider';

type PostsEvent = (QuestionEvent | AnswerEvent | CommentEvent | EventOf<typeof ViewsCounted>) & {
  occurredAt: string;
  id: string;
};

const DESCRIPTION_LENGTH = 240;

/** An event's time: its stored time on replay, or `now()` when written by the statement that appends it. */
type Time = string | RawBuilder<unknown>;

type ActivityRow = {
  object: string;
  timeline: string;
  type: string;
  user: string;
  revision?: string | null;
  comment?: string;
};

/** Inserts an event's timeline rows (one statement for all of them). */
function insertActivity(event: { id: string; occurredAt: Time }, rows: ActivityRow[]) {
  const values = rows.map(
    (row) => sql`(${`${event.id}:${row.timeline}`}, ${row.object}, ${row.timeline}, ${row.type}, ${row.user},
                  ${row.revision ?? null}, ${row.comment ?? ''}, ${event.occurredAt}::timestamptz)`,
  );
  return sql`
    insert into activity (event_id, object_id, original_object_id, activity_type, user_id, revision_id, comment, created_at)
    values ${sql.join(values)}
    on conflict (event_id) do nothing`;
}

async function activity(tx: Tx, event: PostsEvent, ...rows: ActivityRow[]) {
  await insertActivity(event, rows).execute(tx);
}

/** A revision of a question or an answer; an applied one replaces a replayed copy's status. */
function insertRevision(r: {
  id: string;
  object: string;
  type: 'question' | 'answer';
  user: string;
  status: 1 | 2;
  content: object;
  log?: string;
  at: Time;
}) {
  return sql`insert into revisions (id, object_id, object_type, user_id, status, content, log, created_at)
            values (${r.id}, ${r.object}, ${r.type}, ${r.user}, ${r.status}, ${JSON.stringify(r.content)}::jsonb,
                    ${r.log ?? ''}, ${r.at})
            on conflict (id) do update set status = excluded.status where excluded.status = 2`;
}

async function recordRevision(tx: Tx, r: Parameters<typeof insertRevision>[0]) {
  await insertRevision(r).execute(tx);
}

/** Common table expressions that set a question's tags (written on every ask and edit). */
function questionTagChanges(questionId: string, tags: { slug_name: string; display_name: string }[], at: Time) {
  const slugs = tags.map((t) => t.slug_name);
  const names = tags.map((t) => t.display_name);
  return sql`
    removed_tags as (
      delete from question_tags where question_id = ${questionId} and not (tag_slug = any(${slugs}::text[]))
    ), added_tags as (
      insert into question_tags (question_id, tag_slug, created_at)
      select ${questionId}, slug, ${at} from unnest(${slugs}::text[]) slug
      on conflict do nothing
    ), known as (
      insert into known_tags (slug_name, display_name)
      select * from unnest(${slugs}::text[], ${names}::text[])
      on conflict (slug_name) do nothing
    )`;
}

/**
 * Recounts a question's answers; `touched` also moves its activity time (a new answer). Answers of one
 * transaction share a time: ids (time-ordered) break the tie, so a replay picks the same first and last.
 */
async function refreshAnswerCount(tx: Tx, questionId: string, touched?: string) {
  const activityTime = touched ? sql`post_update_time = ${touched}, updated_at = ${touched},` : sql``;
  await sql`
    update questions q set ${activityTime} answer_count = a.n, first_answer_id = a.first_id, last_answer_id = a.last_id,
      last_answer_at = a.last_at, last_answer_user_id = a.last_user
    from (
      select count(*)::int as n,
        (array_agg(id order by created_at, id))[1] as first_id,
        (array_agg(id order by created_at desc, id desc))[1] as last_id,
        max(created_at) as last_at,
        (array_agg(coalesce(last_edit_user_id, user_id) order by created_at desc, id desc))[1] as last_user
      from answers where question_id = ${questionId} and status = 1
    ) a
    where q.id = ${questionId}`.execute(tx);
}

type Asked = EventOf<typeof QuestionAsked>['data'];

/**
 * A new question's rows, as common table expressions (`asked` returns the question's row): one statement,
 * as asking is on the hot path.
 */
function questionAskedWrites(eventId: string, d: Asked, at: Time) {
  return sql`
    asked as (
      insert into questions (id, user_id, title, url_title, content, html, description, tags, revision_id,
                             post_update_time, created_at, updated_at)
      values (${d.question_id}, ${d.user_id}, ${d.title}, ${d.url_title}, ${d.content}, ${d.html},
              ${excerptOfHtml(d.html, DESCRIPTION_LENGTH)}, ${JSON.stringify(d.tags)}::jsonb, ${d.revision_id}, ${at}, ${at}, ${at})
      on conflict (id) do nothing
      returning *
    ), ${questionTagChanges(d.question_id, d.tags, at)}, revision as (
      ${insertRevision({
        id: d.revision_id,
        object: d.question_id,
        type: 'question',
        user: d.user_id,
        status: 2,
        content: { title: d.title, content: d.content, tags: d.tags },
        at,
      })}
    ), asked_activity as (
      ${insertActivity({ id: eventId, occurredAt: at }, [
        { object: d.question_id, timeline: d.question_id, type: 'asked', user: d.user_id, revision: d.revision_id },
      ])}
    )`;
}

/**
 * The posts read models written by the statement that appends a new post's events, when they have that
 * form (a question asked); `inline` reads back the new question's row as JSON (see `questionRowOf`).
 */
export function postsWritesInStatement(events: PendingEvent[]): InlineWrites | null {
  const [event] = events;
  if (events.length !== 1 || event?.type !== 'posts.question_asked') return null;
  return {
    ctes: questionAskedWrites(event.id, event.data as Asked, sql`now()`),
    returning: sql`(select to_jsonb(asked) from asked)`,
  };
}

/** Applies a posts event to the read models, in the transaction of the command that caused it. */
export async function applyPostsEvent(tx: Tx, stored: StoredEvent): Promise<void> {
  const event = stored as unknown as PostsEvent;
  const at = event.occurredAt;
  switch (event.type) {
    case 'posts.question_asked':
      await sql`with ${questionAskedWrites(event.id, event.data, at)} select 1`.execute(tx);
      return;
    case 'posts.question_edited': {
      const d = event.data;
      await sql`
        with edited as (
          update questions set title = ${d.title}, url_title = ${d.url_title}, content = ${d.content}, html = ${d.html},
            description = ${excerptOfHtml(d.html, DESCRIPTION_LENGTH)}, tags = ${JSON.stringify(d.tags)}::jsonb,
            revision_id = ${d.revision_id}, pending_revision_id = null, last_edit_user_id = ${d.editor_id}, last_edit_at = ${at},
            post_update_time = ${at}, updated_at = ${at}
          where id = ${d.question_id}
        ), ${questionTagChanges(d.question_id, d.tags, at)}, revision as (
          ${insertRevision({
            id: d.revision_id,
            object: d.question_id,
            type: 'question',
            user: d.editor_id,
            status: 2,
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
      return;
    }
    case 'posts.question_revision_submitted': {
      const d = event.data;
      await sql`update questions set pending_revision_id = ${d.revision_id} where id = ${d.question_id}`.execute(tx);
      await recordRevision(tx, {
        id: d.revision_id,
        object: d.question_id,
        type: 'question',
        user: d.editor_id,
        status: 1,
        content: { title: d.title, content: d.content, tags: d.tags },
        log: d.edit_summary,
        at,
      });
      return;
    }
    case 'posts.question_deleted':
    case 'posts.question_undeleted': {
      const d = event.data;
      const deleted = event.type === 'posts.question_deleted';
      await sql`update questions set status = ${deleted ? 10 : 1}, updated_at = ${at} where id = ${d.question_id}`.execute(
        tx,
      );
      await activity(tx, event, {
        object: d.question_id,
        timeline: d.question_id,
        type: deleted ? 'deleted' : 'undeleted',
        user: d.actor_id,
      });
      return;
    }
    case 'posts.question_closed': {
      const d = event.data;
      await sql`update questions set status = 2, close_type = ${d.close_type}, close_msg = ${d.close_msg}, updated_at = ${at}
                where id = ${d.question_id}`.execute(tx);
      await activity(tx, event, {
        object: d.question_id,
        timeline: d.question_id,
        type: 'closed',
        user: d.actor_id,
        comment: d.close_msg,
      });
      return;
    }
    case 'posts.question_reopened': {
      const d = event.data;
      await sql`update questions set status = 1, close_type = null, close_msg = '', updated_at = ${at} where id = ${d.question_id}`.execute(
        tx,
      );
      await activity(tx, event, { object: d.question_id, timeline: d.question_id, type: 'reopened', user: d.actor_id });
      return;
    }
    case 'posts.question_pinned':
    case 'posts.question_unpinned':
    case 'posts.question_hidden':
    case 'posts.question_shown': {
      const d = event.data;
      const change = {
        'posts.question_pinned': [sql`pin = 2`, 'pin'],
        'posts.question_unpinned': [sql`pin = 1`, 'unpin'],
        'posts.question_hidden': [sql`show = 2`, 'hide'],
        'posts.question_shown': [sql`show = 1`, 'show'],
      }[event.type] as [ReturnType<typeof sql>, string];
      await sql`update questions set ${change[0]}, updated_at = ${at} where id = ${d.question_id}`.execute(tx);
      await activity(tx, event, { object: d.question_id, timeline: d.question_id, type: change[1], user: d.actor_id });
      return;
    }
    case 'posts.answer_accepted': {
      const d = event.data;
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
      return;
    }
    case 'posts.invitations_updated': {
      const d = event.data;
      await sql`update questions set invited_user_ids = ${JSON.stringify(d.user_ids)}::jsonb where id = ${d.question_id}`.execute(
        tx,
      );
      return;
    }
    case 'posts.answer_posted': {
      const d = event.data;
      await sql`
        with posted as (
          insert into answers (id, question_id, user_id, content, html, revision_id, created_at, updated_at)
          values (${d.answer_id}, ${d.question_id}, ${d.user_id}, ${d.content}, ${d.html}, ${d.revision_id}, ${at}, ${at})
          on conflict (id) do nothing
        ), revision as (
          ${insertRevision({
            id: d.revision_id,
            object: d.answer_id,
            type: 'answer',
            user: d.user_id,
            status: 2,
            content: { content: d.content },
            at,
          })}
        )
        ${insertActivity(event, [
          { object: d.answer_id, timeline: d.question_id, type: 'answered', user: d.user_id, revision: d.revision_id },
          { object: d.answer_id, timeline: d.answer_id, type: 'answered', user: d.user_id, revision: d.revision_id },
        ])}`.execute(tx);
      // A statement of its own: the count must see the answer just inserted.
      await refreshAnswerCount(tx, d.question_id, at);
      return;
    }
    case 'posts.answer_edited': {
      const d = event.data;
      await sql`update answers set content = ${d.content}, html = ${d.html}, revision_id = ${d.revision_id},
                  pending_revision_id = null, last_edit_user_id = ${d.editor_id}, updated_at = ${at}
                where id = ${d.answer_id}`.execute(tx);
      await sql`update questions set post_update_time = ${at} where id = ${d.question_id}`.execute(tx);
      await recordRevision(tx, {
        id: d.revision_id,
        object: d.answer_id,
        type: 'answer',
        user: d.editor_id,
        status: 2,
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
      return;
    }
    case 'posts.answer_revision_submitted': {
      const d = event.data;
      await sql`update answers set pending_revision_id = ${d.revision_id} where id = ${d.answer_id}`.execute(tx);
      await recordRevision(tx, {
        id: d.revision_id,
        object: d.answer_id,
        type: 'answer',
        user: d.editor_id,
        status: 1,
        content: { content: d.content },
        log: d.edit_summary,
        at,
      });
      return;
    }
    case 'posts.question_revision_rejected':
    case 'posts.answer_revision_rejected': {
      const d = event.data;
      const table = event.type === 'posts.question_revision_rejected' ? 'questions' : 'answers';
      const objectId = 'answer_id' in d ? d.answer_id : d.question_id;
      await sql`update ${sql.table(table)} set pending_revision_id = null
                where id = ${objectId} and pending_revision_id = ${d.revision_id}`.execute(tx);
      await sql`update revisions set status = 3 where id = ${d.revision_id} and status = 1`.execute(tx);
      return;
    }
    case 'posts.answer_deleted':
    case 'posts.answer_undeleted': {
      const d = event.data;
      const deleted = event.type === 'posts.answer_deleted';
      await sql`update answers set status = ${deleted ? 10 : 1}, updated_at = ${at} where id = ${d.answer_id}`.execute(
        tx,
      );
      await refreshAnswerCount(tx, d.question_id);
      await activity(tx, event, {
        object: d.answer_id,
        timeline: d.answer_id,
        type: deleted ? 'deleted' : 'undeleted',
        user: d.actor_id,
      });
      return;
    }
    case 'posts.comment_added': {
      const d = event.data;
      await sql`
        insert into comments (id, object_id, question_id, user_id, reply_comment_id, reply_user_id, original_text, parsed_text,
                              created_at, updated_at)
        values (${d.comment_id}, ${d.object_id}, ${d.question_id}, ${d.user_id}, ${d.reply_comment_id}, ${d.reply_user_id},
                ${d.original_text}, ${d.parsed_text}, ${at}, ${at})
        on conflict (id) do nothing`.execute(tx);
      await activity(tx, event, {
        object: d.comment_id,
        timeline: d.object_id,
        type: 'commented',
        user: d.user_id,
        comment: d.parsed_text,
      });
      return;
    }
    case 'posts.comment_edited': {
      const d = event.data;
      await sql`update comments set original_text = ${d.original_text}, parsed_text = ${d.parsed_text}, updated_at = ${at}
                where id = ${d.comment_id}`.execute(tx);
      return;
    }
    case 'posts.views_counted': {
      const counts = (event.data as { counts: { question_id: string; views: number; unique_views: number }[] }).counts;
      await sql`
        update questions q set view_count = q.view_count + v.views, unique_view_count = q.unique_view_count + v.uniq
        from unnest(${counts.map((c) => c.question_id)}::text[], ${counts.map((c) => c.views)}::int[],
                    ${counts.map((c) => c.unique_views)}::int[]) as v(id, views, uniq)
        where q.id = v.id`.execute(tx);
      return;
    }
    case 'posts.comment_deleted':
      await sql`update comments set status = 10, updated_at = ${at} where id = ${event.data.comment_id}`.execute(tx);
      return;
  }
}

export async function resetPostsReadModel(tx: Tx): Promise<void> {
  await sql`truncate questions, question_tags, known_tags, answers, comments, revisions, activity`.execute(tx);
}

/** The posts read model as one unit, for a rebuild from the service's own log. */
export const postsReadModel = {
  reset: resetPostsReadModel,
  apply: applyPostsEvent,
};
