import { api } from '../client';
import type { BookmarkResult, VoteResult } from '../wire';
import type { CaptchaFields } from './account';

/** Votes and bookmarks (api.md, votes). */
export const voteApi = {
  /** Up or down; `is_cancel` when that same vote is already active, so pressing it again toggles it. */
  vote: (direction: 'up' | 'down', object_id: string, is_cancel: boolean, captcha: CaptchaFields = {}) =>
    api.post<VoteResult>(`vote/${direction}`, { object_id, is_cancel, ...captcha }),
  bookmark: (object_id: string, bookmark: boolean) =>
    api.post<BookmarkResult>('collection/switch', { object_id, group_id: '0', bookmark }),
};
