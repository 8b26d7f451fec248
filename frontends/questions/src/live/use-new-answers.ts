import type { AnswerInfo } from '@agora/kit';
import { useRef, useState } from 'react';
import { splitNewAnswers } from './split-new-answers';

/**
 * Holds back the answers that arrive while the page is read (through the stream or a poll): the first list read is
 * shown whole; later ones only when the reader asks (`show`).
 */
export function useNewAnswers(list: readonly AnswerInfo[] | undefined, me: string | undefined) {
  const known = useRef<Set<string> | null>(null);
  const [, setShownAt] = useState(0);
  if (list && known.current === null) known.current = new Set(list.map((a) => a.id));
  const { shown, fresh } = splitNewAnswers(list ?? [], known.current ?? new Set(), me);
  for (const answer of shown) known.current?.add(answer.id);
  const show = () => {
    for (const answer of fresh) known.current?.add(answer.id);
    setShownAt(Date.now());
    return fresh.map((a) => a.id);
  };
  return { shown, fresh: fresh.length, show };
}
