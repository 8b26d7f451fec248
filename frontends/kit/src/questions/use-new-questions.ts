import { LiveTopic } from '@agora/contracts/live/messages';
import { useState } from 'react';
import { useLiveTopic } from '../live/use-live-topic';

/**
 * The questions asked since the list was read, from the `questions` topic (`enabled`: the list shows all
 * questions, not a tag's or the member's own selection, which a message cannot tell); those on the list already
 * are not new.
 */
export function useNewQuestions(enabled: boolean, listed: readonly { id: string }[] | undefined) {
  const [asked, setAsked] = useState<ReadonlySet<string>>(new Set());
  useLiveTopic(enabled ? LiveTopic.questions : null, (message) => {
    if (message.kind === 'question_asked') setAsked((before) => new Set(before).add(message.question_id));
  });
  const onList = new Set(listed?.map((q) => q.id));
  const count = [...asked].filter((id) => !onList.has(id)).length;
  return { count, clear: () => setAsked(new Set()) };
}
