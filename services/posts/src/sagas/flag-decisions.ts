import { type DataOf, FlagHandled, MailStatus, Role } from '@agora/contracts';
import {
  type Actor,
  ApiError,
  type EventStore,
  type Projection,
  SAGA_BATCH_SIZE,
  type StoredEvent,
} from '@agora/platform';
import type { Logger } from 'pino';
import type { AnswerCommands } from '../commands/answers';
import type { CommentCommands } from '../commands/comments';
import type { QuestionCommands } from '../commands/questions';
import { POST_ROW_WRITERS } from '../projections/vote-counts/projection';

type Handled = DataOf<typeof FlagHandled>;

/** The moderator who handled the flag, with the powers moderation checked they hold for it. */
function handlerOf(id: string): Actor {
  return {
    id,
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
}

/** The events of a post's stream that say an operation was done to it. */
const DONE_BY: Record<Handled['operation'], readonly string[]> = {
  delete_post: ['posts.question_deleted', 'posts.answer_deleted', 'posts.comment_deleted'],
  close_post: ['posts.question_closed'],
  unlist_post: ['posts.question_hidden'],
  edit_post: ['posts.question_edited', 'posts.answer_edited', 'posts.comment_edited'],
  ignore_report: [],
  suspend_user: [],
};

/**
 * Whether this decision was carried out already: the post's stream holds, at or after the decision, its
 * operation by its moderator (a replay of moderation's log after an undeletion must not delete it again).
 */
async function carriedOut(store: EventStore, decision: StoredEvent, d: Handled): Promise<boolean> {
  const types = DONE_BY[d.operation];
  if (types.length === 0) return false;
  const history = await store.readStream(d.object_id);
  return history.some(
    (event) =>
      types.includes(event.type) && event.metadata.actorId === d.handler_id && event.occurredAt >= decision.occurredAt,
  );
}

async function carryOut(
  commands: { questions: QuestionCommands; answers: AnswerCommands; comments: CommentCommands },
  d: Handled,
): Promise<void> {
  const handler = handlerOf(d.handler_id);
  const { questions, answers, comments } = commands;
  switch (d.operation) {
    case 'delete_post':
      if (d.object_type === 'question') return questions.delete(handler, d.object_id);
      if (d.object_type === 'answer') return answers.delete(handler, d.object_id);
      if (d.object_type === 'comment') return comments.delete(handler, d.object_id);
      return;
    case 'close_post':
      if (d.object_type !== 'question') return;
      return questions.staffAction(handler, d.object_id, {
        type: 'close',
        actorId: handler.id,
        closeType: d.close_type,
        closeMsg: d.close_msg,
      });
    case 'unlist_post':
      if (d.object_type !== 'question') return;
      return questions.staffAction(handler, d.object_id, { type: 'operate', actorId: handler.id, operation: 'hide' });
    case 'edit_post':
      if (d.object_type === 'question') {
        await questions.edit(handler, {
          id: d.object_id,
          title: d.title,
          content: d.content,
          tags: d.tags,
          edit_summary: '',
        });
      } else if (d.object_type === 'answer') {
        await answers.edit(handler, { id: d.object_id, content: d.content, edit_summary: '' });
      } else if (d.object_type === 'comment') {
        await comments.edit(handler, { comment_id: d.object_id, original_text: d.content });
      }
      return;
  }
}

/**
 * Carries out what a moderator decided on a flagged post: edit, close, delete or unlist it,
 * through the usual commands, as the moderator (moderation checked their role), once. An action posts
 * refuses now (the post already gone, an edit waiting for review) is recorded in the log and left undone.
 */
export function flagDecisionsProjection(
  commands: { questions: QuestionCommands; answers: AnswerCommands; comments: CommentCommands },
  store: EventStore,
  log: Logger,
): Projection {
  return {
    name: 'flag-decisions',
    batchSize: SAGA_BATCH_SIZE,
    source: 'moderation',
    lockGroup: POST_ROW_WRITERS,
    events: [FlagHandled],
    async apply(event) {
      const d = event.data as Handled;
      if (d.object_type === 'user' || (await carriedOut(store, event, d))) return;
      try {
        await carryOut(commands, d);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        log.warn({ flagId: d.flag_id, operation: d.operation, reason: error.reason }, 'flag decision not carried out');
      }
    },
    async reset() {},
  };
}
