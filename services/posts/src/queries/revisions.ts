import { type SiteSettings, seconds } from '@agora/contracts';
import {
  type Actor,
  type Db,
  errors,
  isStaff,
  RevisionStatusSql,
  renderMarkdown,
  tagResps,
  urlTitle,
} from '@agora/platform';
import { sql } from 'kysely';
import { loadAuthors } from './authors';
import { type RevisionRow, visiblePost } from './timeline';

/**
 * `GET revisions`: the revisions of a question or answer, newest first, each with the
 * snapshot it holds as `content` (rendered as the post would be). Suggested edits still waiting for
 * review are listed only for their author and staff.
 */
export async function revisionList(db: Db, objectId: string, viewer: Actor | null, settings: SiteSettings) {
  const post = await visiblePost(db, objectId, viewer);
  if (post.objectType === 'comment') throw errors.notFound('error.object.not_found');
  const pending = isStaff(viewer)
    ? sql`true`
    : sql`(status <> ${RevisionStatusSql.pending} or user_id = ${viewer?.id ?? ''})`;
  const { rows } = await sql<RevisionRow>`
    select * from revisions where object_id = ${objectId} and ${pending}
    order by created_at desc, id desc`.execute(db);
  const authors = await loadAuthors(
    db,
    rows.map((r) => r.user_id),
    settings,
  );
  return rows.map((r) => {
    const isQuestion = r.object_type === 'question';
    const title = isQuestion ? (r.content.title ?? '') : '';
    const content = isQuestion
      ? {
          id: r.object_id,
          title,
          url_title: urlTitle(title),
          content: r.content.content,
          html: renderMarkdown(r.content.content),
          tags: tagResps(r.content.tags ?? [], settings),
        }
      : {
          id: r.object_id,
          question_id: post.question.id,
          content: r.content.content,
          html: renderMarkdown(r.content.content),
        };
    return {
      id: r.id,
      use_id: r.user_id,
      object_id: r.object_id,
      title,
      url_title: isQuestion ? urlTitle(title) : '',
      content,
      status: r.status,
      reason: r.log,
      create_at: seconds(r.created_at),
      user_info: authors.get(r.user_id),
    };
  });
}
