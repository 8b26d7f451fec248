import { Limits } from '@agora/contracts/limits';
import { storage, useDebounced } from '@agora/kit';
import { useEffect } from 'react';

/** Local-storage keys of drafts: one question draft, one answer draft per question. */
export const DRAFT_KEYS = {
  question: '_a_qdraft_',
  answer: (questionId: string) => `_a_adraft_${questionId}`,
};

export const loadDraft = <T>(key: string): T | undefined => storage.get<T>(key);
export const clearDraft = (key: string) => storage.remove(key);

/** Saves the form to local storage once it has not changed for 3 s; an empty form saves nothing. */
export function useDraftSaving<T>(key: string | null, value: T, isEmpty: boolean): void {
  const settled = useDebounced(value, Limits.timing.draftSaveDebounceMs);
  useEffect(() => {
    if (key && !isEmpty) storage.set(key, settled);
  }, [key, settled, isEmpty]);
}
