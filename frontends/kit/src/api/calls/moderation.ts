import type { FlagOperation } from '@agora/contracts/moderation/events';
import { api } from '../client';
import type { Page, PendingPostItem, ReasonItem, ReportItem, ReviewingType, UnreviewedRevisionItem } from '../wire';
import type { CaptchaFields } from './account';

/** Moderation: the reasons offered for closing or flagging a post, and flagging one (DESIGN §6, moderation). */
export const moderationApi = {
  /** The reasons an object type offers for an action, in the caller's language. */
  reasons: (object_type: string, action: string) =>
    api.get<ReasonItem[]>('reasons', { params: { object_type, action } }),
  /** A flag, with a solved captcha when the site asks for one. */
  report: (body: { object_id: string; report_type: number; content: string }, captcha: CaptchaFields = {}) =>
    api.post<null>('report', { ...body, ...captcha }),
};

/** The review queues: suggested edits for reviewers, held posts and flags for the staff. */
export const reviewApi = {
  types: () => api.get<ReviewingType[]>('reviewing/type'),
  /** One suggested edit per page, oldest first. */
  unreviewed: (page: number) => api.get<Page<UnreviewedRevisionItem>>('revisions/unreviewed', { params: { page } }),
  audit: (id: string, operation: 'approve' | 'reject' | 'skip') =>
    api.put<Record<string, never>>('revisions/audit', { id, operation }),
  /** One pending flag per page, newest first. */
  pendingFlag: (page: number) => api.get<Page<ReportItem>>('report/unreviewed/post', { params: { page } }),
  handleFlag: (body: { flag_id: string; operation_type: FlagOperation; close_type?: number; close_msg?: string }) =>
    api.put<null>('report/review', body),
  /** One held post (pre-moderation) per page, oldest first. */
  heldPost: (page: number) => api.get<Page<PendingPostItem>>('review/pending/post/page', { params: { page } }),
  decideHeld: (review_id: number, status: 'approve' | 'reject') =>
    api.put<null>('review/pending/post', { review_id, status }),
};
