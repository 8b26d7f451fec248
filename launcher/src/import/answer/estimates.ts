import type { ImportKind } from '@agora/contracts/import/records';
import { ActivityKey, AnswerCode, MetaKey } from './codes';
import { marks, q, type ReadContext, typeIdsOf } from './context';
import { int } from './values';
import type { AnswerTable } from './versions';

/** How a kind's rows are counted for the estimate: a table and a condition, or a fixed figure. */
function countQuery(
  context: ReadContext,
  kind: ImportKind,
): { table: AnswerTable; where?: string; params?: unknown[] } | number {
  const types = (...keys: string[]) => typeIdsOf(context, ...keys);
  const activity = (ids: number[]) => ({
    table: 'activity' as const,
    where: `cancelled = 0 AND activity_type IN (${ids.length ? marks(ids.length) : 'NULL'})`,
    params: ids,
  });
  switch (kind) {
    case 'settings':
      return 16;
    case 'member':
      return { table: 'user' };
    case 'file':
      return { table: 'file_record', where: 'status = ?', params: [AnswerCode.fileLive] };
    case 'tag':
      return { table: 'tag' };
    case 'question':
      return { table: 'question' };
    case 'answer':
      return { table: 'answer' };
    case 'comment':
      return { table: 'comment' };
    case 'pending_revision':
      return { table: 'revision', where: 'status = ?', params: [AnswerCode.revisionSuggested] };
    case 'link':
      return { table: 'question_link', where: 'status = ?', params: [AnswerCode.linkLive] };
    case 'vote':
      return activity(
        types(
          ActivityKey.questionVoteUp,
          ActivityKey.questionVoteDown,
          ActivityKey.answerVoteUp,
          ActivityKey.answerVoteDown,
          ActivityKey.commentVoteUp,
        ),
      );
    case 'bookmark':
      return { table: 'collection' };
    case 'follow':
      return activity(types(ActivityKey.questionFollow, ActivityKey.tagFollow));
    case 'reaction':
      return { table: 'meta', where: `${q(context, 'key')} = ?`, params: [MetaKey.reactions] };
    case 'reputation':
      return { table: 'activity', where: 'cancelled = 0 AND has_rank = 1' };
    case 'badge_award':
      return { table: 'badge_award' };
    case 'flag':
      return { table: 'report', where: 'status <> ?', params: [AnswerCode.reportDeleted] };
  }
}

/** About how many records of a kind there are (rows counted; a reaction row may hold several). */
export async function estimateKind(context: ReadContext, kind: ImportKind): Promise<number> {
  const query = countQuery(context, kind);
  if (typeof query === 'number') return query;
  if (!context.tables.has(query.table)) return 0;
  const table = query.table === 'user' ? q(context, 'user') : query.table;
  const rows = await context.db.query(
    `SELECT COUNT(*) AS n FROM ${table}${query.where ? ` WHERE ${query.where}` : ''}`,
    query.params ?? [],
  );
  return int(rows[0]?.n);
}
