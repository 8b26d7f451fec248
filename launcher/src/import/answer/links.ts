import type { ImportedLink } from '@agora/contracts/import/records';
import { AnswerCode } from './codes';
import type { ReadContext } from './context';
import { pages } from './pages';
import { objectId, optionalObjectId, requiredTime } from './values';

/** Live links between questions (question_link status 1, from Answer v1.4), in id order. */
export async function* readLinks(context: ReadContext): AsyncGenerator<ImportedLink> {
  if (!context.tables.has('question_link')) return;
  for await (const page of pages(context.db, {
    select: 'l.id AS page_key, l.from_question_id, l.from_answer_id, l.to_question_id, l.created_at',
    from: 'question_link l',
    key: 'l.id',
    where: 'l.status = ?',
    params: [AnswerCode.linkLive],
  })) {
    for (const row of page) {
      const fromAnswer = optionalObjectId(row.from_answer_id);
      yield {
        kind: 'link',
        from_question_id: objectId(row.from_question_id, 'question_link', row.page_key),
        ...(fromAnswer ? { from_answer_id: fromAnswer } : {}),
        to_question_id: objectId(row.to_question_id, 'question_link', row.page_key),
        created_at: requiredTime(row.created_at, 'question_link', row.page_key),
      };
    }
  }
}
