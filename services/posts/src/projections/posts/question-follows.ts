import { sql } from 'kysely';
import type { QuestionFollowEvent } from '../../domain/question-follow/decider';
import type { Appliers } from './appliers';

/** Question followers and the question's follow count, from the follow streams' events (each applied once). */
export const questionFollowAppliers: Appliers<QuestionFollowEvent> = {
  async 'posts.question_followed'(tx, event) {
    const d = event.data;
    await sql`
        with followed as (
          insert into question_follows (question_id, user_id, created_at)
          values (${d.question_id}, ${d.user_id}, ${event.occurredAt})
          on conflict do nothing
          returning question_id
        )
        update questions set follow_count = follow_count + 1 where id in (select question_id from followed)`.execute(
      tx,
    );
  },
  async 'posts.question_unfollowed'(tx, event) {
    const d = event.data;
    await sql`
        with unfollowed as (
          delete from question_follows where question_id = ${d.question_id} and user_id = ${d.user_id}
          returning question_id
        )
        update questions set follow_count = follow_count - 1 where id in (select question_id from unfollowed)`.execute(
      tx,
    );
  },
};
