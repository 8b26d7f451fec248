import { LiveTopic } from '@agora/contracts/live/messages';
import { useLiveOpen, useLiveTopic } from '@agora/kit';
import { useQueryClient } from '@tanstack/react-query';
import { applyQuestionMessage, reloadQuestion } from './question-messages';

/** The question's topic while its page is open; true while the stream carries it (else the page polls). */
export function useQuestionLive(questionId: string): boolean {
  const client = useQueryClient();
  const topic = `${LiveTopic.questionPrefix}${questionId}`;
  useLiveTopic(
    topic,
    (message) => applyQuestionMessage(client, message),
    () => reloadQuestion(client, questionId),
  );
  return useLiveOpen(topic);
}
