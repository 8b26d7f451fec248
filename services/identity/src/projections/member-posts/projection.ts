import {
  AnswerDeleted,
  AnswerPosted,
  AnswerUndeleted,
  type DataOf,
  QuestionAsked,
  QuestionDeleted,
  QuestionUndeleted,
} from '@agora/contracts';
import type { Projection, Tx } from '@agora/platform';
import { sql } from 'kysely';
import { USERS_FIGURES_WRITERS } from '../users-figures';

type Kind = 'question' | 'answer';

/** The member's live questions or answers counted again into `users` (a deleted post no longer counts). */
async function recount(tx: Tx, userId: string, kind: Kind) {
  const column = kind === 'question' ? sql.ref('question_count') : sql.ref('answer_count');
  await sql`
    update users set ${column} = (
      select count(*)::int from member_posts where user_id = ${userId} and kind = ${kind} and live
    ) where user_id = ${userId}`.execute(tx);
}

async function added(tx: Tx, postId: string, userId: string, kind: Kind) {
  await sql`
    insert into member_posts (post_id, user_id, kind, live) values (${postId}, ${userId}, ${kind}, true)
    on conflict (post_id) do nothing`.execute(tx);
  await recount(tx, userId, kind);
}

async function liveness(tx: Tx, postId: string, live: boolean) {
  const { rows } = await sql<{ user_id: string; kind: Kind }>`
    update member_posts set live = ${live} where post_id = ${postId} returning user_id, kind`.execute(tx);
  for (const row of rows) await recount(tx, row.user_id, row.kind);
}

/**
 * `users.question_count` and `users.answer_count` (the profile's figures, `personal/user/info`) from posts'
 * events: asked or posted counts, deleted stops counting, undeleted counts again.
 */
export const memberPostsProjection: Projection = {
  name: 'member-posts',
  source: 'posts',
  lockGroup: USERS_FIGURES_WRITERS,
  events: [QuestionAsked, QuestionDeleted, QuestionUndeleted, AnswerPosted, AnswerDeleted, AnswerUndeleted],
  async apply(event, tx) {
    switch (event.type) {
      case QuestionAsked.type: {
        const data = event.data as DataOf<typeof QuestionAsked>;
        return added(tx, data.question_id, data.user_id, 'question');
      }
      case AnswerPosted.type: {
        const data = event.data as DataOf<typeof AnswerPosted>;
        return added(tx, data.answer_id, data.user_id, 'answer');
      }
      case QuestionDeleted.type:
        return liveness(tx, (event.data as DataOf<typeof QuestionDeleted>).question_id, false);
      case QuestionUndeleted.type:
        return liveness(tx, (event.data as DataOf<typeof QuestionUndeleted>).question_id, true);
      case AnswerDeleted.type:
        return liveness(tx, (event.data as DataOf<typeof AnswerDeleted>).answer_id, false);
      case AnswerUndeleted.type:
        return liveness(tx, (event.data as DataOf<typeof AnswerUndeleted>).answer_id, true);
    }
  },
  async reset(tx) {
    await sql`truncate member_posts`.execute(tx);
    await sql`update users set question_count = 0, answer_count = 0`.execute(tx);
  },
};
