import { api } from '../client';
import type { QuestionBaseInfo, SearchResp } from '../wire';
import { unlessAbsent } from './absent';

/** Search and similar questions: routes of a service a deployment may not have yet. */
export const searchApi = {
  /** null when the deployment has no search yet. */
  search: (q: string, order: string, page: number, page_size: number) =>
    unlessAbsent<SearchResp | null>(
      () => api.get<SearchResp>('search', { params: { q, order, page, page_size }, silent: true }),
      null,
    ),
  /** `ai/search`: by meaning (the `semantic:` option); refused (ApiError) without a provider or a signed-in member. */
  semantic: (q: string, size: number) => api.get<SearchResp>('ai/search', { params: { q, size }, silent: true }),
  similar: (title: string) =>
    unlessAbsent(() => api.get<QuestionBaseInfo[]>('question/similar', { params: { title }, silent: true }), []),
};
