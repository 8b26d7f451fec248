import { MailStatus, Role, UserDeleted } from '@agora/contracts';
import { type Actor, PostStatusSql, type Projection } from '@agora/platform';
import { sql } from 'kysely';
import type { AnswerCommands } from '../commands/answers';
import type { CommentCommands } from '../commands/comments';
import type { QuestionCommands } from '../commands/questions';
import { POST_ROW_WRITERS } from '../projections/vote-counts/projection';

/**
 * When an admin deletes a user together with their content (identity.user_deleted with
 * remove_all_content), every question, answer and comment of theirs is deleted through the usual
 * commands, as the admin. Deleting what is already deleted records nothing, so a replay is harmless.
 */
export function contentRemovalProjection(commands: {
  questions: QuestionCommands;
  answers: AnswerCommands;
  comments: CommentCommands;
}): Projection {
  const { questions, answers, comments } = commands;
  return {
    name: 'content-removal',
    source: 'identity',
    lockGroup: POST_ROW_WRITERS,
    events: [UserDeleted],
    async apply(event, tx) {
      const data = event.data as { user_id: string; remove_all_content: boolean };
      if (!data.remove_all_content) return;
      const admin: Actor = {
        id: event.metadata.actorId ?? 'system',
        username: '',
        displayName: '',
        email: '',
        avatar: { type: '', gravatar: '', custom: '' },
        roleId: Role.admin,
        status: 'normal',
        mailStatus: MailStatus.activated,
        suspendedUntil: null,
        rank: 0,
        language: 'en_US',
      };
      const ids = async (table: 'questions' | 'answers' | 'comments') =>
        (
          await sql<{
            id: string;
          }>`select id from ${sql.table(table)} where user_id = ${data.user_id} and status <> ${PostStatusSql.deleted}`.execute(
            tx,
          )
        ).rows.map((r) => r.id);
      for (const id of await ids('comments')) await comments.delete(admin, id);
      for (const id of await ids('answers')) await answers.delete(admin, id);
      for (const id of await ids('questions')) await questions.delete(admin, id);
    },
    async reset() {},
  };
}
