import type { FlagOperation } from '@agora/contracts/moderation/events';
import { ADMIN_API_BASE, api } from '../client';
import type {
  AdminAnswerFilter,
  AdminAnswerInfo,
  AdminAnswerStatus,
  AdminQuestionFilter,
  AdminQuestionInfo,
  AdminQuestionStatus,
  Page,
  PurgeType,
  ReportItem,
} from '../wire';

const admin = (path: string) => `${ADMIN_API_BASE}/${path}`;
/** Admin calls: a 403 shows the 403 page. */
const ADMIN = { admin: true } as const;

export interface AdminContentQuery<S> {
  page: number;
  page_size: number;
  status: S;
  query?: string;
}

export interface AdminFlagQuery {
  page: number;
  page_size: number;
  status: 'pending' | 'completed';
  object_type?: string;
}

/** The admin's contents: questions and answers by status with their status changes, and the flags. */
export const adminContentsApi = {
  questions: (params: AdminContentQuery<AdminQuestionFilter>) =>
    api.get<Page<AdminQuestionInfo>>(admin('question/page'), { ...ADMIN, params: { ...params } }),
  answers: (params: AdminContentQuery<AdminAnswerFilter>) =>
    api.get<Page<AdminAnswerInfo>>(admin('answer/page'), { ...ADMIN, params: { ...params } }),
  questionStatus: (question_id: string, status: AdminQuestionStatus) =>
    api.put<null>(admin('question/status'), { question_id, status }, ADMIN),
  answerStatus: (answer_id: string, status: AdminAnswerStatus) =>
    api.put<null>(admin('answer/status'), { answer_id, status }, ADMIN),
  flags: (params: AdminFlagQuery) =>
    api.get<Page<ReportItem>>(admin('reports/page'), { ...ADMIN, params: { ...params } }),
  handleFlag: (flag_id: string, operation_type: FlagOperation) =>
    api.put<null>('report/review', { flag_id, operation_type }, ADMIN),
  /** Hard-deletes everything of a type that is deleted now (docs/adr/0078-purging-in-an-event-sourced-system.md). */
  purge: (type: PurgeType) => api.delete<null>(admin('delete/permanently'), { type }, ADMIN),
};
