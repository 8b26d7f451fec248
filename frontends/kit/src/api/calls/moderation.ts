import { api } from '../client';
import type { ReasonItem } from '../wire';
import { unlessAbsent } from './absent';

/** Moderation: the reasons offered for closing or flagging a post, and flagging one (DESIGN §6, moderation). */
export const moderationApi = {
  /** Empty when the deployment has no moderation service yet. */
  reasons: (object_type: string, action: string) =>
    unlessAbsent(
      () => api.get<ReasonItem[]>('reasons', { params: { object_type, action }, silent: true }),
      [] as ReasonItem[],
    ),
  report: (body: { object_id: string; report_type: number; content: string }) => api.post<null>('report', body),
};
