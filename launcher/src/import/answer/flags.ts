import type { ImportedFlag } from '@agora/contracts/import/records';
import { AnswerCode } from './codes';
import type { ReadContext } from './context';
import { userJoin } from './members-ref';
import { pages } from './pages';
import { int, objectId, requiredTime, text } from './values';

const STATUSES = new Map<number, ImportedFlag['status']>([
  [AnswerCode.reportWaiting, 'pending'],
  [AnswerCode.reportHandled, 'handled'],
  [AnswerCode.reportIgnored, 'ignored'],
]);

/** Flags (`report` rows not deleted), in id order; a reporter the source no longer has is the placeholder. */
export async function* readFlags(context: ReadContext): AsyncGenerator<ImportedFlag> {
  const { db } = context;
  for await (const page of pages(db, {
    select: 'r.id AS page_key, r.object_id, r.report_type, r.content, r.status, r.created_at, u.id AS known_user',
    from: `report r ${userJoin(db, 'r.user_id', 'u')}`,
    key: 'r.id',
    where: 'r.status <> ?',
    params: [AnswerCode.reportDeleted],
  })) {
    for (const row of page) {
      const status = STATUSES.get(int(row.status));
      if (!status) continue;
      yield {
        kind: 'flag',
        id: objectId(row.page_key, 'report', row.page_key),
        user_id: context.members.required(row.known_user),
        object_id: objectId(row.object_id, 'report', row.page_key),
        reason_type: int(row.report_type),
        content: text(row.content),
        status,
        created_at: requiredTime(row.created_at, 'report', row.page_key),
      };
    }
  }
}
