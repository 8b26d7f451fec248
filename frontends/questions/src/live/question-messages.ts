import type { LiveMessage } from '@agora/contracts/live/messages';
import { ownVotes, type QuestionInfo, queryKeys, refreshLater } from '@agora/kit';
import type { QueryClient } from '@tanstack/react-query';
import { applyVote } from './apply-vote';

/**
 * What a question page does with a message of its topic: the matching reads are done again (the API applies the
 * visibility rules), a vote is added to the score. A new answer is read with the answers, and held back by the page
 * as "N new answers" (`split-new-answers.ts`).
 */
export function applyQuestionMessage(client: QueryClient, message: LiveMessage): void {
  switch (message.kind) {
    case 'question_edited':
      refreshLater(client, [queryKeys.questionInfo(message.question_id)]);
      return;
    case 'question_status':
      refreshLater(client, [queryKeys.questionInfo(message.question_id), queryKeys.answerPages()]);
      return;
    case 'answer_posted':
    case 'answer_edited':
    case 'answer_status':
      refreshLater(client, [queryKeys.answerPages()]);
      return;
    case 'answer_accepted':
      client.setQueryData<QuestionInfo>(queryKeys.questionInfo(message.question_id), (q) =>
        q ? { ...q, accepted_answer_id: message.answer_id ?? '0' } : q,
      );
      refreshLater(client, [queryKeys.answerPages()]);
      return;
    case 'comment_added':
    case 'comment_deleted':
      refreshLater(client, [queryKeys.comments(message.object_id)]);
      return;
    case 'comment_edited':
      refreshLater(client, [queryKeys.commentPages()]);
      return;
    case 'vote':
      // The member's own vote set the score from its answer already.
      if (!ownVotes.take(message.object_id, message.delta)) applyVote(client, message);
      return;
    case 'reaction':
      refreshLater(client, [queryKeys.reactions(message.object_id)]);
      return;
    default:
      return;
  }
}

/** Everything the page read, read again: the stream could not resume, or the question was refused. */
export function reloadQuestion(client: QueryClient, questionId: string): void {
  refreshLater(client, [
    queryKeys.questionInfo(questionId),
    queryKeys.answerPages(),
    queryKeys.commentPages(),
    queryKeys.reactions(questionId),
  ]);
}
