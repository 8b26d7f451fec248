import type { ImportedPendingRevision } from '@agora/contracts/import/records';
import { AnswerCode } from './codes';
import type { ReadContext } from './context';
import { userJoin } from './members-ref';
import { pages } from './pages';
import { type RevisedKind, revisionOf } from './revisions';
import { int, objectId } from './values';

const KINDS = new Map<number, RevisedKind>([
  [AnswerCode.objectQuestion, 'question'],
  [AnswerCode.objectAnswer, 'answer'],
  [AnswerCode.objectTag, 'tag'],
]);

/**
 * Suggested edits waiting for review (revision status 1), in id order (docs/adr/0094-importing-a-community.md): the
 * revision row names the member who suggested it.
 */
export async function* readPendingRevisions(context: ReadContext): AsyncGenerator<ImportedPendingRevision> {
  const { db } = context;
  for await (const page of pages(db, {
    select: 'r.id AS page_key, r.id, r.object_type, r.object_id, r.content, r.log, r.created_at, u.id AS known_user',
    from: `revision r ${userJoin(db, 'r.user_id', 'u')}`,
    key: 'r.id',
    where: 'r.status = ?',
    params: [AnswerCode.revisionSuggested],
  })) {
    for (const row of page) {
      const kind = KINDS.get(int(row.object_type));
      if (!kind) continue;
      yield {
        kind: 'pending_revision',
        object_id: objectId(row.object_id, 'revision', row.id),
        revision: await revisionOf(context, kind, row, undefined),
      };
    }
  }
}
