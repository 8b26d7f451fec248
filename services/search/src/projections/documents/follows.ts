import { type DataOf, QuestionFollowed, QuestionPurged, QuestionUnfollowed } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import { sql } from 'kysely';

/** Who follows each question, from posts' follow events (a member's follow of a question is one stream). */
export const questionFollowsProjection: Projection = {
  name: 'search-question-follows',
  source: 'posts',
  events: [QuestionFollowed, QuestionUnfollowed, QuestionPurged],
  async apply(event, tx) {
    const d = event.data as DataOf<typeof QuestionFollowed>;
    // A purged question has no followers (docs/adr/0078-purging-in-an-event-sourced-system.md).
    if (event.type === QuestionPurged.type) {
      await sql`delete from search_question_follows where question_id = ${d.question_id}`.execute(tx);
    } else if (event.type === QuestionFollowed.type) {
      await sql`insert into search_question_follows (question_id, user_id) values (${d.question_id}, ${d.user_id})
                on conflict do nothing`.execute(tx);
    } else {
      await sql`delete from search_question_follows where question_id = ${d.question_id} and user_id = ${d.user_id}`.execute(
        tx,
      );
    }
  },
  async reset(tx) {
    await sql`truncate search_question_follows`.execute(tx);
  },
};
