import type { ImportedComment } from '@agora/contracts/import/records';
import { heldForReview } from './activity-lookup';
import { AnswerCode } from './codes';
import type { ReadContext } from './context';
import { userJoin } from './members-ref';
import { pages } from './pages';
import { int, objectId, optionalObjectId, requiredTime, text } from './values';

/**
 * Comments in id order (docs/adr/0094-importing-a-community.md): their Markdown as written, mentions
 * (`[@name](/users/name)`) included; a reply names the comment and the member it answers.
 */
export async function* readComments(context: ReadContext): AsyncGenerator<ImportedComment> {
  const { db } = context;
  const select =
    'c.id AS page_key, c.object_id, c.question_id, u.id AS known_user, c.reply_user_id, r.id AS known_reply_user, ' +
    'c.reply_comment_id, c.original_text, c.status, c.created_at';
  const from = `comment c ${userJoin(db, 'c.user_id', 'u')} ${userJoin(db, 'c.reply_user_id', 'r')}`;
  for await (const page of pages(db, { select, from, key: 'c.id' })) {
    const held = await heldForReview(
      context,
      page.map((row) => text(row.page_key)),
    );
    for (const row of page) {
      const id = text(row.page_key);
      const replyUser = context.members.optional(row.reply_user_id, row.known_reply_user);
      const replyComment = optionalObjectId(row.reply_comment_id);
      const status = int(row.status);
      yield {
        kind: 'comment',
        id: objectId(id, 'comment', id),
        object_id: objectId(row.object_id, 'comment', id),
        question_id: objectId(row.question_id, 'comment', id),
        user_id: context.members.required(row.known_user),
        ...(replyUser ? { reply_to_user_id: replyUser } : {}),
        ...(replyComment ? { reply_to_comment_id: replyComment } : {}),
        content: await context.uploads.rewrite(text(row.original_text)),
        created_at: requiredTime(row.created_at, 'comment', id),
        deleted: status === AnswerCode.postDeleted,
        ...(status === AnswerCode.postPending || held.has(id) ? { pending: true } : {}),
      };
    }
  }
}
