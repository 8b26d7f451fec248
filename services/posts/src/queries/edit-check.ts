import { objectTypeOf, PostStatus, type SiteSettings } from '@agora/contracts';
import { type Actor, type Db, errors } from '@agora/platform';
import { requirePermission } from '../commands/permissions';
import { answerById, questionById } from './post-rows';
import { visibleTo } from './questions';

/**
 * Whether the member may open the editor of a question or an answer now (`revisions/edit/check`): the
 * post exists for them, they may edit it (its author, or with the edit privilege), and no suggested
 * edit of it waits for review; that blocks every edit, the author's and staff's included, until decided.
 * The same rules the edit itself applies; answers nothing when all hold.
 */
export async function checkEditable(db: Db, actor: Actor, id: string, settings: SiteSettings): Promise<void> {
  const type = objectTypeOf(id);
  let pending: string | null;
  if (type === 'question') {
    const question = await questionById(db, id);
    if (!question || question.status === PostStatus.deleted || !visibleTo(actor, question)) {
      throw errors.notFound('error.question.not_found');
    }
    if (question.user_id !== actor.id) requirePermission(actor, 'question.edit', settings);
    pending = question.pending_revision_id;
  } else if (type === 'answer') {
    const answer = await answerById(db, id);
    if (answer?.status !== PostStatus.available) throw errors.notFound('error.answer.not_found');
    if (answer.user_id !== actor.id) requirePermission(actor, 'answer.edit', settings);
    pending = answer.pending_revision_id;
  } else {
    // Tags are checked by the tags service; nothing else has revisions.
    throw errors.fields({ field: 'id', key: 'validation.invalid' });
  }
  if (pending) throw errors.business('error.revision.review_underway', 'error.revision.review_underway', 'toast');
}
