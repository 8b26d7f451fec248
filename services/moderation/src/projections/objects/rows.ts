import { PostStatus, type RevisionContent, Show } from '@agora/contracts';
import { PostStatusSql, type Tx } from '@agora/platform';
import { sql } from 'kysely';

type TagRef = { slug_name: string; display_name: string };

/** A post or a tag as moderation first learns of it. */
export interface NewObject {
  objectId: string;
  objectType: 'question' | 'answer' | 'comment' | 'tag';
  questionId: string;
  answerId: string;
  userId: string;
  title: string;
  urlTitle: string;
  originalText: string;
  parsedText: string;
  tags: TagRef[];
  createdAt: string;
}

export async function insertObject(tx: Tx, o: NewObject): Promise<void> {
  await sql`
    insert into moderated_objects (object_id, object_type, question_id, answer_id, user_id, title, url_title,
                                   original_text, parsed_text, tags, status, show, created_at)
    values (${o.objectId}, ${o.objectType}, ${o.questionId}, ${o.answerId}, ${o.userId}, ${o.title}, ${o.urlTitle},
            ${o.originalText}, ${o.parsedText}, ${JSON.stringify(o.tags)}::jsonb, ${PostStatus.available}, ${Show.shown},
            ${o.createdAt})
    on conflict (object_id) do nothing`.execute(tx);
}

/** New content of an object (an edit as its owner applied it). */
export async function updateContent(
  tx: Tx,
  objectId: string,
  content: { title?: string; urlTitle?: string; originalText: string; parsedText: string; tags?: TagRef[] },
): Promise<void> {
  await sql`
    update moderated_objects set
      title = coalesce(${content.title ?? null}, title),
      url_title = coalesce(${content.urlTitle ?? null}, url_title),
      original_text = ${content.originalText},
      parsed_text = ${content.parsedText},
      tags = coalesce(${content.tags ? JSON.stringify(content.tags) : null}::jsonb, tags)
    where object_id = ${objectId}`.execute(tx);
}

export async function setStatus(tx: Tx, objectId: string, status: number): Promise<void> {
  await sql`update moderated_objects set status = ${status} where object_id = ${objectId}`.execute(tx);
}

export async function setShow(tx: Tx, objectId: string, show: number): Promise<void> {
  await sql`update moderated_objects set show = ${show} where object_id = ${objectId}`.execute(tx);
}

/** A question's live answers, counted again (so a redelivered event counts nothing twice). */
export async function recountAnswers(tx: Tx, questionId: string): Promise<void> {
  await sql`
    update moderated_objects q set answer_count = (
      select count(*) from moderated_objects a
      where a.object_type = 'answer' and a.question_id = ${questionId} and a.status <> ${PostStatusSql.deleted})
    where q.object_id = ${questionId}`.execute(tx);
}

/** A suggested edit as it enters the review queue. */
export interface QueuedRevision {
  revisionId: string;
  objectId: string;
  objectType: 'question' | 'answer' | 'tag';
  editorId: string;
  editSummary: string;
  content: RevisionContent;
  submittedAt: string;
}

/** A suggested edit its owner submitted: it waits in the review queue. */
export async function queueRevision(tx: Tx, item: QueuedRevision): Promise<void> {
  await sql`
    insert into review_items (revision_id, object_id, object_type, editor_id, edit_summary, content, submitted_at)
    values (${item.revisionId}, ${item.objectId}, ${item.objectType}, ${item.editorId}, ${item.editSummary},
            ${JSON.stringify(item.content)}::jsonb, ${item.submittedAt})
    on conflict (revision_id) do nothing`.execute(tx);
}

/** The owner applied or dropped a suggested edit: it leaves the queue, whoever decided it. */
export async function settleRevision(tx: Tx, revisionId: string): Promise<void> {
  await sql`update review_items set settled = true where revision_id = ${revisionId}`.execute(tx);
}

/** Tag references as the wire's TagResp. */
export function tagResps(tags: TagRef[]) {
  return tags.map((t) => ({
    slug_name: t.slug_name,
    display_name: t.display_name,
    main_tag_slug_name: '',
    recommend: false,
    reserved: false,
  }));
}

/** What events set on an object's row after its insert, each column to the last value an event gave it. */
export interface ObjectChange {
  title?: string;
  url_title?: string;
  original_text?: string;
  parsed_text?: string;
  tags?: TagRef[];
  status?: number;
  show?: number;
  accepted_answer_id?: string;
}

/** Rows already there take their changes, a column an event did not set kept as it is (one statement). */
export async function changeObjects(tx: Tx, changes: Map<string, ObjectChange>): Promise<void> {
  if (changes.size === 0) return;
  const rows = [...changes].map(([object_id, change]) => ({ object_id, ...change }));
  await sql`
    update moderated_objects m set
      title = coalesce(i.title, m.title),
      url_title = coalesce(i.url_title, m.url_title),
      original_text = coalesce(i.original_text, m.original_text),
      parsed_text = coalesce(i.parsed_text, m.parsed_text),
      tags = coalesce(i.tags, m.tags),
      status = coalesce(i.status, m.status),
      show = coalesce(i.show, m.show),
      accepted_answer_id = coalesce(i.accepted_answer_id, m.accepted_answer_id)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as i(object_id text, title text, url_title text, original_text text, parsed_text text, tags jsonb,
           status integer, show integer, accepted_answer_id text)
    where m.object_id = i.object_id`.execute(tx);
}

/**
 * New objects, each with what later events set on it (one statement, one row per object): as `insertObject`, an
 * object already there is left alone.
 */
export async function insertObjects(tx: Tx, objects: { object: NewObject; change: ObjectChange }[]): Promise<void> {
  if (objects.length === 0) return;
  const rows = objects.map(({ object: o, change: c }) => ({
    object_id: o.objectId,
    object_type: o.objectType,
    question_id: o.questionId,
    answer_id: o.answerId,
    user_id: o.userId,
    title: c.title ?? o.title,
    url_title: c.url_title ?? o.urlTitle,
    original_text: c.original_text ?? o.originalText,
    parsed_text: c.parsed_text ?? o.parsedText,
    tags: c.tags ?? o.tags,
    status: c.status ?? PostStatus.available,
    show: c.show ?? Show.shown,
    accepted_answer_id: c.accepted_answer_id ?? '',
    created_at: o.createdAt,
  }));
  await sql`
    insert into moderated_objects (object_id, object_type, question_id, answer_id, user_id, title, url_title,
                                   original_text, parsed_text, tags, status, show, accepted_answer_id, created_at)
    select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as i(object_id text, object_type text, question_id text, answer_id text, user_id text, title text,
           url_title text, original_text text, parsed_text text, tags jsonb, status integer, show integer,
           accepted_answer_id text, created_at timestamptz)
    on conflict (object_id) do nothing`.execute(tx);
}

/** Questions' live answers, counted again (as `recountAnswers`, for many questions in one statement). */
export async function recountAnswersOf(tx: Tx, questionIds: string[]): Promise<void> {
  if (questionIds.length === 0) return;
  await sql`
    update moderated_objects q set answer_count = (
      select count(*) from moderated_objects a
      where a.object_type = 'answer' and a.question_id = q.object_id and a.status <> ${PostStatusSql.deleted})
    where q.object_id = any(${questionIds}::text[])`.execute(tx);
}

/** Suggested edits, each settled or not, in one statement: as `queueRevision`, one already queued is left alone. */
export async function queueRevisions(tx: Tx, items: { item: QueuedRevision; settled: boolean }[]): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map(({ item, settled }) => ({
    revision_id: item.revisionId,
    object_id: item.objectId,
    object_type: item.objectType,
    editor_id: item.editorId,
    edit_summary: item.editSummary,
    content: item.content,
    submitted_at: item.submittedAt,
    settled,
  }));
  await sql`
    insert into review_items (revision_id, object_id, object_type, editor_id, edit_summary, content, submitted_at,
                              settled)
    select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as i(revision_id text, object_id text, object_type text, editor_id text, edit_summary text, content jsonb,
           submitted_at timestamptz, settled boolean)
    on conflict (revision_id) do nothing`.execute(tx);
}

/** Suggested edits settled (as `settleRevision`, many in one statement). */
export async function settleRevisions(tx: Tx, revisionIds: string[]): Promise<void> {
  if (revisionIds.length === 0) return;
  await sql`update review_items set settled = true where revision_id = any(${revisionIds}::text[])`.execute(tx);
}

export async function resetObjects(tx: Tx, types: readonly string[]): Promise<void> {
  await sql`delete from moderated_objects where object_type = any(${types})`.execute(tx);
  await sql`delete from review_items where object_type = any(${types})`.execute(tx);
}
