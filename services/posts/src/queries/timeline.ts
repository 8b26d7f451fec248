import {
  type Language,
  objectTypeOf,
  PostStatus,
  RevisionStatus,
  reasonOfType,
  reasonText,
  type SiteSettings,
  seconds,
} from '@agora/contracts';
import { type Actor, type Db, errors, isStaff, renderMarkdown, tagResps } from '@agora/platform';
import { sql } from 'kysely';
import { loadAuthors } from './authors';
import { visibleTo } from './questions';

interface QuestionFacts {
  id: string;
  user_id: string;
  title: string;
  url_title: string;
  status: number;
  show: number;
  close_msg: string;
}

/** A question, answer or comment as a timeline or revision list sees it: what it is, under which question. */
export interface PostObject {
  objectType: 'question' | 'answer' | 'comment';
  id: string;
  creatorId: string;
  question: QuestionFacts;
  answerId: string;
}

const staffOrOwner = (viewer: Actor | null, ownerId: string) =>
  viewer !== null && (isStaff(viewer) || viewer.id === ownerId);

async function questionFacts(db: Db, id: string): Promise<QuestionFacts | undefined> {
  const { rows } = await sql<QuestionFacts>`
    select id, user_id, title, url_title, status, show, close_msg from questions where id = ${id}`.execute(db);
  return rows[0];
}

/**
 * The post behind an object id, if the viewer may see it: a deleted or hidden question
 * (and anything under it) only for the question's author and staff; a deleted answer or comment only
 * for its author and staff. Anything else is a 404, so the existence of hidden posts does not leak.
 */
export async function visiblePost(db: Db, objectId: string, viewer: Actor | null): Promise<PostObject> {
  const type = objectTypeOf(objectId);
  const notFound = () => errors.notFound('error.object.not_found');
  let post: PostObject | undefined;
  if (type === 'question') {
    const question = await questionFacts(db, objectId);
    if (question) post = { objectType: 'question', id: objectId, creatorId: question.user_id, question, answerId: '' };
  } else if (type === 'answer') {
    const { rows } = await sql<{ question_id: string; user_id: string; status: number }>`
      select question_id, user_id, status from answers where id = ${objectId}`.execute(db);
    const answer = rows[0];
    if (answer && (answer.status === PostStatus.available || staffOrOwner(viewer, answer.user_id))) {
      const question = await questionFacts(db, answer.question_id);
      if (question) {
        post = { objectType: 'answer', id: objectId, creatorId: answer.user_id, question, answerId: objectId };
      }
    }
  } else if (type === 'comment') {
    const { rows } = await sql<{ object_id: string; question_id: string; user_id: string; status: number }>`
      select object_id, question_id, user_id, status from comments where id = ${objectId}`.execute(db);
    const comment = rows[0];
    if (comment && (comment.status === PostStatus.available || staffOrOwner(viewer, comment.user_id))) {
      const question = await questionFacts(db, comment.question_id);
      const answerId = objectTypeOf(comment.object_id) === 'answer' ? comment.object_id : '';
      if (answerId) {
        const { rows: answers } = await sql<{ status: number; user_id: string }>`
          select status, user_id from answers where id = ${answerId}`.execute(db);
        const answer = answers[0];
        if (!answer || (answer.status !== PostStatus.available && !staffOrOwner(viewer, answer.user_id)))
          throw notFound();
      }
      if (question) post = { objectType: 'comment', id: objectId, creatorId: comment.user_id, question, answerId };
    }
  }
  if (!post || !visibleTo(viewer, post.question)) throw notFound();
  return post;
}

interface ActivityRow {
  id: string;
  object_id: string;
  activity_type: string;
  user_id: string;
  revision_id: string | null;
  comment: string;
  reason_type: number | null;
  cancelled: boolean;
  cancelled_at: Date | null;
  created_at: Date;
  comment_status: number | null;
  comment_html: string | null;
  comment_user_id: string | null;
}

/** The name of the reason a question was closed with, in the reader's language, as a paragraph ('' if none). */
function closeReason(row: ActivityRow, language: Language): string {
  const name = row.reason_type === null ? undefined : reasonOfType('question', 'close', row.reason_type);
  return name ? renderMarkdown(`**${reasonText(name, language).name}**`) : '';
}

/** The comment column of a timeline row, as HTML. */
function timelineComment(row: ActivityRow, viewer: Actor | null, language: Language): string {
  switch (row.activity_type) {
    case 'edited':
      return row.comment ? renderMarkdown(row.comment) : '';
    case 'closed':
      // Why: the reason by name, then the moderator's remark.
      return closeReason(row, language) + (row.comment ? renderMarkdown(row.comment) : '');
    case 'commented':
      // The comment as it reads now; a deleted one only for its author and staff.
      if (row.comment_html === null) return row.comment;
      return row.comment_status === 1 || staffOrOwner(viewer, row.comment_user_id ?? '') ? row.comment_html : '';
    default:
      return '';
  }
}

/**
 * `GET activity/timeline`: every activity row of the object, newest first (by the act's time: an import writes rows
 * kind by kind, not in the order they happened), cancelled ones included and flagged. Vote rows live in the votes service, so `show_vote` adds nothing here.
 */
export async function objectTimeline(
  db: Db,
  objectId: string,
  viewer: Actor | null,
  settings: SiteSettings,
  language: Language,
) {
  const post = await visiblePost(db, objectId, viewer);
  const { rows } = await sql<ActivityRow>`
    select a.id::text as id, a.object_id, a.activity_type, a.user_id, a.revision_id, a.comment, a.reason_type,
           a.cancelled, a.cancelled_at, a.created_at,
           c.status as comment_status, c.parsed_text as comment_html, c.user_id as comment_user_id
    from activity a
    left join comments c on a.activity_type = 'commented' and c.id = a.object_id
    where a.original_object_id = ${objectId}
    order by a.created_at desc, a.id desc`.execute(db);
  const authors = await loadAuthors(db, [post.creatorId, ...rows.map((r) => r.user_id)], settings);
  const creator = authors.get(post.creatorId);
  return {
    object_info: {
      title: post.question.title,
      object_type: post.objectType,
      question_id: post.question.id,
      answer_id: post.answerId,
      username: creator.username,
      display_name: creator.display_name,
      main_tag_slug_name: '',
    },
    timeline: rows.map((row) => ({
      activity_id: row.id,
      revision_id: row.revision_id ?? '0',
      created_at: seconds(row.created_at),
      activity_type: row.activity_type,
      comment: timelineComment(row, viewer, language),
      object_id: row.object_id,
      object_type: objectTypeOf(row.object_id) ?? '',
      cancelled: row.cancelled,
      cancelled_at: seconds(row.cancelled_at),
      user_info: authors.get(row.user_id),
    })),
  };
}

export interface RevisionRow {
  id: string;
  object_id: string;
  object_type: string;
  user_id: string;
  status: number;
  content: { title?: string; content: string; tags?: { slug_name: string; display_name: string }[] };
  log: string;
  created_at: Date;
}

/** A suggested edit (pending) is for its author and staff until it is reviewed. */
export const revisionVisibleTo = (viewer: Actor | null, revision: { status: number; user_id: string }) =>
  revision.status !== RevisionStatus.pending || staffOrOwner(viewer, revision.user_id);

async function revisionDetail(db: Db, id: string, viewer: Actor | null, settings: SiteSettings) {
  if (id === '0') return null;
  const { rows } = await sql<RevisionRow>`select * from revisions where id = ${id}`.execute(db);
  const revision = rows[0];
  if (!revision || !revisionVisibleTo(viewer, revision)) throw errors.notFound('error.object.not_found');
  await visiblePost(db, revision.object_id, viewer);
  return {
    title: revision.content.title ?? '',
    tags: tagResps(revision.content.tags ?? [], settings),
    original_text: revision.content.content,
    slug_name: '',
    main_tag_slug_name: '',
  };
}

/** `GET activity/timeline/detail`: two revisions to compare; id `0` is "nothing" (a creation's diff). */
export async function timelineDetail(
  db: Db,
  query: { old_revision_id: string; new_revision_id: string },
  viewer: Actor | null,
  settings: SiteSettings,
) {
  const [old_revision, new_revision] = await Promise.all([
    revisionDetail(db, query.old_revision_id, viewer, settings),
    revisionDetail(db, query.new_revision_id, viewer, settings),
  ]);
  return { old_revision, new_revision };
}
