import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import type { ImportedRevision } from '@agora/contracts/import/records';
import { activityAbout } from './activity-lookup';
import { AnswerCode } from './codes';
import type { ReadContext } from './context';
import type { Row } from './database';
import { userJoin } from './members-ref';
import { bigList } from './pages';
import { isRecord, json, rawId, requiredTime, text } from './values';

export type RevisedKind = 'question' | 'answer' | 'tag';

/**
 * A revision whose post has none (an id no Answer revision reaches: its autoincrement starts at 1), numbered
 * after the post's own sequence (docs/adr/0094-importing-a-community.md).
 */
const SYNTHETIC_REVISION_BASE = 5_000_000_000_000n;

export function syntheticRevisionId(answerId: string): string {
  return idFromNumber('revision', SYNTHETIC_REVISION_BASE + BigInt(answerId.slice(-13)));
}

/** A revision's snapshot: Go field names (`Title`, `OriginalText`), question tags under `tags` (`SlugName`). */
function snapshotOf(kind: RevisedKind, content: unknown): Pick<ImportedRevision, 'title' | 'content' | 'tags'> {
  const snapshot = isRecord(content) ? content : {};
  const body = text(snapshot.OriginalText ?? snapshot.original_text);
  if (kind !== 'question') return { content: body };
  const tags = snapshot.tags ?? snapshot.Tags;
  return {
    title: text(snapshot.Title ?? snapshot.title),
    content: body,
    tags: Array.isArray(tags) ? tags.filter(isRecord).map((tag) => text(tag.SlugName ?? tag.slug_name)) : [],
  };
}

/** One revision row as an import revision; `editor` is the member the timeline says made it, when it says. */
export async function revisionOf(
  context: ReadContext,
  kind: RevisedKind,
  row: Row,
  editor: string | undefined,
): Promise<ImportedRevision> {
  const snapshot = snapshotOf(kind, json(row.content));
  return {
    id: idFromNumber('revision', text(row.id)),
    editor_id: editor ?? context.members.required(row.known_user),
    created_at: requiredTime(row.created_at, 'revision', row.id),
    summary: text(row.log),
    ...snapshot,
    content: await context.uploads.rewrite(snapshot.content),
  };
}

const EDITED_KEY: Record<RevisedKind, string> = {
  question: 'question.edited',
  answer: 'answer.edited',
  tag: 'tag.edited',
};

/**
 * The applied histories of a page of posts, oldest first (pending suggestions and refused ones are not history).
 * A direct edit's revision row names the post's author; its editor is on the timeline row of the same revision.
 */
export async function readHistories(
  context: ReadContext,
  kind: RevisedKind,
  objectIds: string[],
): Promise<Map<string, ImportedRevision[]>> {
  const histories = new Map<string, ImportedRevision[]>();
  if (objectIds.length === 0) return histories;
  const { db } = context;
  const rows = await db.query(
    `SELECT r.id, r.object_id, r.content, r.log, r.created_at, u.id AS known_user FROM revision r ${userJoin(db, 'r.user_id', 'u')} ` +
      `WHERE r.object_id IN (${bigList(db, objectIds.length)}) AND r.status <> ? AND r.status <> ? ORDER BY r.id`,
    [...objectIds, AnswerCode.revisionSuggested, AnswerCode.revisionRefused],
  );
  const editors = new Map<string, string>();
  for (const facts of (await activityAbout(context, objectIds, [EDITED_KEY[kind]])).values()) {
    for (const fact of facts) {
      if (fact.revisionId) editors.set(fact.revisionId, context.members.required(fact.knownUser));
    }
  }
  for (const row of rows) {
    const object = rawId(row.object_id) ?? '';
    const list = histories.get(object) ?? [];
    list.push(await revisionOf(context, kind, row, editors.get(text(row.id))));
    histories.set(object, list);
  }
  return histories;
}
