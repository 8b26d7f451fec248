import { createHash } from 'node:crypto';
import type {
  ImportedAnswer,
  ImportedClosure,
  ImportedQuestion,
  ImportedRevision,
} from '@agora/contracts/import/records';
import type { DumpNumbers } from './dump-numbers';
import { attributes, dumpTags, dumpTime } from './row-attributes';

/** PostHistoryTypeId: a revision's initial title, body and tags, and an edit's; a closure and a deletion. */
const HISTORY_TYPE = {
  initial: { title: 1, body: 2, tags: 3 },
  edit: { title: 4, body: 5, tags: 6 },
  closure: 10,
  deletion: 12,
} as const;
const INITIAL = HISTORY_TYPE.initial;
const EDIT = HISTORY_TYPE.edit;

/** A revision's RevisionGUID, the same for its rows (the reader groups them by it), made from its id. */
export function revisionGuid(revisionId: string): string {
  const hex = createHash('sha1').update(revisionId).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** What the dumps' Text of a closure or deletion says: who did it (and, for a duplicate, of what). */
function votersText(user: number | undefined, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...extra, Voters: user === undefined ? [] : [{ Id: user }] });
}

/** The fields one revision writes: all of them first, then those it changed (at least one: it is a revision). */
function changedFields(post: ImportedQuestion | ImportedAnswer, revision: ImportedRevision, before?: ImportedRevision) {
  const types = before ? EDIT : INITIAL;
  const question = post.kind === 'question';
  const tags = revision.tags ?? [];
  const fields: [type: number, text: string | undefined][] = [];
  if (question && (!before || before.title !== revision.title)) fields.push([types.title, revision.title ?? '']);
  if (!before || before.content !== revision.content) fields.push([types.body, revision.content]);
  if (question && (!before || (before.tags ?? []).join('|') !== tags.join('|')))
    fields.push([types.tags, dumpTags(tags)]);
  if (fields.length === 0) fields.push([types.body, revision.content]);
  return fields;
}

/**
 * A post's revisions as PostHistory rows (docs/adr/0094-importing-a-community.md, "Export"): the title, body and tags
 * as Markdown, the first revision's as the initial ones, each later one's as edits of what it changed, with its
 * summary as the rows' Comment.
 */
export function revisionRows(post: ImportedQuestion | ImportedAnswer, postNumber: number, numbers: DumpNumbers) {
  const rows: string[] = [];
  let before: ImportedRevision | undefined;
  for (const revision of post.revisions) {
    for (const [type, text] of changedFields(post, revision, before)) {
      rows.push(
        attributes([
          ['Id', numbers.next('PostHistory.xml')],
          ['PostHistoryTypeId', type],
          ['PostId', postNumber],
          ['RevisionGUID', revisionGuid(revision.id)],
          ['CreationDate', dumpTime(revision.created_at)],
          ['UserId', numbers.users.of(revision.editor_id)],
          ['Comment', before && revision.summary ? revision.summary : undefined],
          ['Text', text],
        ]),
      );
    }
    before = revision;
  }
  return rows;
}

/** A question's closure: the Stack Exchange reason as its Comment; a duplicate's original in its Text. */
export function closureRow(
  questionNumber: number,
  closed: Pick<ImportedClosure, 'by' | 'at'>,
  reason: string,
  numbers: DumpNumbers,
  original?: number,
): string {
  const voter = numbers.users.of(closed.by);
  return attributes([
    ['Id', numbers.next('PostHistory.xml')],
    ['PostHistoryTypeId', HISTORY_TYPE.closure],
    ['PostId', questionNumber],
    ['CreationDate', dumpTime(closed.at)],
    ['UserId', voter],
    ['Comment', reason],
    ['Text', votersText(voter, original === undefined ? {} : { OriginalQuestionIds: [original] })],
  ]);
}

export function deletionRow(postNumber: number, deleted: { by: string; at: string }, numbers: DumpNumbers): string {
  const user = numbers.users.of(deleted.by);
  return attributes([
    ['Id', numbers.next('PostHistory.xml')],
    ['PostHistoryTypeId', HISTORY_TYPE.deletion],
    ['PostId', postNumber],
    ['CreationDate', dumpTime(deleted.at)],
    ['UserId', user],
    ['Text', votersText(user)],
  ]);
}
