import { type EventOf, PostStatus, type QuestionAsked, RevisionStatus } from '@agora/contracts';
import { excerptOfHtml, PostStatusSql, ShowSql, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { questionLinkChanges } from './link-rows';
import { insertRevision } from './revision-rows';
import { insertActivity, type Time } from './timeline-rows';

/** How much of a question's text its list entry shows. */
export const DESCRIPTION_LENGTH = 240;

/** Whether the question `q` is listed: available or closed, and shown (the public lists' condition). */
export const questionListed = (q: string) =>
  sql`(${sql.ref(`${q}.status`)} in (${PostStatusSql.available}, ${PostStatusSql.closed}) and ${sql.ref(`${q}.show`)} = ${ShowSql.shown})`;

/** After a question's status or visibility changed: its answers say whether it is listed (`answers.question_listed`). */
export async function answersFollowListing(tx: Tx, questionId: string) {
  await sql`
    update answers a set question_listed = ${questionListed('q')} from questions q
    where q.id = ${questionId} and a.question_id = q.id and a.question_listed <> ${questionListed('q')}`.execute(tx);
}

/** Common table expressions that set a question's tags (written on every ask and edit). */
export function questionTagChanges(questionId: string, tags: { slug_name: string; display_name: string }[], at: Time) {
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

export type Asked = EventOf<typeof QuestionAsked>['data'];

/**
 * A new question's rows, as common table expressions (`asked` returns the question's row): one statement,
 * as asking is on the hot path.
 */
export function questionAskedWrites(eventId: string, d: Asked, at: Time, status: number = PostStatus.available) {
  return sql`
    asked as (
      insert into questions (id, user_id, title, url_title, content, html, description, tags, revision_id,
                             status, post_update_time, created_at, updated_at)
      values (${d.question_id}, ${d.user_id}, ${d.title}, ${d.url_title}, ${d.content}, ${d.html},
              ${excerptOfHtml(d.html, DESCRIPTION_LENGTH)}, ${JSON.stringify(d.tags)}::jsonb, ${d.revision_id}, ${status},
              ${at}, ${at}, ${at})
      on conflict (id) do nothing
      returning *
    ), ${questionTagChanges(d.question_id, d.tags, at)},
    ${questionLinkChanges({ id: d.question_id, questionId: d.question_id }, 'body', d.content)}, revision as (
      ${insertRevision({
        id: d.revision_id,
        object: d.question_id,
        type: 'question',
        user: d.user_id,
        status: RevisionStatus.applied,
        content: { title: d.title, content: d.content, tags: d.tags },
        at,
      })}
    ), asked_activity as (
      ${insertActivity({ id: eventId, occurredAt: at }, [
        { object: d.question_id, timeline: d.question_id, type: 'asked', user: d.user_id, revision: d.revision_id },
      ])}
    )`;
}
