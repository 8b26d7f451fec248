import { api } from '../client';
import type { Page, SearchResult, SimilarQuestion } from '../post-types';
import { unlessAbsent } from './absent';

export interface ReasonItem {
  reason_type: number;
  name: string;
  description: string;
  content_type: string;
  placeholder: string;
}

/** Search, similar questions and moderation reasons: routes of services a deployment may not have yet. */
export const searchApi = {
  /** null when the deployment has no search yet. */
  search: (q: string, order: string, page: number, page_size: number) =>
    unlessAbsent<Page<SearchResult> | null>(
      () => api.get<Page<SearchResult>>('search', { params: { q, order, page, page_size }, silent: true }),
      null,
    ),
  similar: (title: string) =>
    unlessAbsent(() => api.get<SimilarQuestion[]>('question/similar', { params: { title }, silent: true }), []),
  reasons: (object_type: string, action: string) =>
    unlessAbsent(
      () => api.get<ReasonItem[]>('reasons', { params: { object_type, action }, silent: true }),
      [] as ReasonItem[],
    ),
  report: (body: { object_id: string; report_type: number; content: string }) => api.post<null>('report', body),
};
