import { api } from '../client';
import type { QuestionBaseInfo, ReasonItem, SearchResp } from '../wire';
import { unlessAbsent } from './absent';

/** Search, similar questions and moderation reasons: routes of services a deployment may not have yet. */
export const searchApi = {
  /** null when the deployment has no search yet. */
  search: (q: string, order: string, page: number, page_size: number) =>
    unlessAbsent<SearchResp | null>(
      () => api.get<SearchResp>('search', { params: { q, order, page, page_size }, silent: true }),
      null,
    ),
  similar: (title: string) =>
    unlessAbsent(() => api.get<QuestionBaseInfo[]>('question/similar', { params: { title }, silent: true }), []),
  reasons: (object_type: string, action: string) =>
    unlessAbsent(
      () => api.get<ReasonItem[]>('reasons', { params: { object_type, action }, silent: true }),
      [] as ReasonItem[],
    ),
  report: (body: { object_id: string; report_type: number; content: string }) => api.post<null>('report', body),
};
