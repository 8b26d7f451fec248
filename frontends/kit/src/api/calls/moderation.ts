import { api } from '../client';
import type { ReasonItem } from '../wire';
import type { CaptchaFields } from './account';

/** Moderation: the reasons offered for closing or flagging a post, and flagging one (DESIGN §6, moderation). */
export const moderationApi = {
  /** The reasons an object type offers for an action, in the caller's language (behaviour §9b). */
  reasons: (object_type: string, action: string) =>
    api.get<ReasonItem[]>('reasons', { params: { object_type, action } }),
  /** A flag, with a solved captcha when the site asks for one. */
  report: (body: { object_id: string; report_type: number; content: string }, captcha: CaptchaFields = {}) =>
    api.post<null>('report', { ...body, ...captcha }),
};
