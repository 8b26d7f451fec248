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

/** A suggested edit its owner submitted: it waits in the review queue. */
export async function queueRevision(
  tx: Tx,
  item: {
    revisionId: string;
    objectId: string;
    objectType: 'question' | 'answer' | 'tag';
    editorId: string;
    editSummary: string;
    content: RevisionContent;
    submittedAt: string;
  },
): Promise<void> {
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

export async function resetObjects(tx: Tx, types: readonly string[]): Promise<void> {
  await sql`delete from moderated_objects where object_type = any(${types})`.execute(tx);
  await sql`delete from review_items where object_type = any(${types})`.execute(tx);
}
