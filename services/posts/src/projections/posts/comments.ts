import { PostStatusSql } from '@agora/platform';
import { sql } from 'kysely';
import type { CommentEvent } from '../../domain/comment/decider';
import type { Appliers } from './appliers';
import { activity } from './timeline-rows';

/** The comments rows (and the timelines of the posts they are on) from the comment aggregate's events. */
export const commentAppliers: Appliers<CommentEvent> = {
  async 'posts.comment_added'(tx, event) {
    const d = event.data;
    const at = event.occurredAt;
    await sql`
        insert into comments (id, object_id, question_id, user_id, reply_comment_id, reply_user_id, original_text, parsed_text,
                              created_at, updated_at)
        values (${d.comment_id}, ${d.object_id}, ${d.question_id}, ${d.user_id}, ${d.reply_comment_id}, ${d.reply_user_id},
                ${d.original_text}, ${d.parsed_text}, ${at}, ${at})
        on conflict (id) do nothing`.execute(tx);
    await activity(tx, event, {
      object: d.comment_id,
      timeline: d.object_id,
      type: 'commented',
      user: d.user_id,
      comment: d.parsed_text,
    });
  },
  async 'posts.comment_edited'(tx, event) {
    const d = event.data;
    await sql`update comments set original_text = ${d.original_text}, parsed_text = ${d.parsed_text}, updated_at = ${event.occurredAt}
                where id = ${d.comment_id}`.execute(tx);
  },
  async 'posts.comment_deleted'(tx, event) {
    await sql`update comments set status = ${PostStatusSql.deleted}, updated_at = ${event.occurredAt} where id = ${event.data.comment_id}`.execute(
      tx,
    );
  },
};
