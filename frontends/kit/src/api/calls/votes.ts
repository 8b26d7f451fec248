import type { ReactionChange, ReactionEmoji } from '@agora/contracts/votes/reactions';
import { api } from '../client';
import type { BookmarkResult, ReactionSummary, VoteResult } from '../wire';
import type { CaptchaFields } from './account';

/** Votes and bookmarks (the reference API's votes routes). */
export const voteApi = {
  /** Up or down; `is_cancel` when that same vote is already active, so pressing it again toggles it. */
  vote: (direction: 'up' | 'down', object_id: string, is_cancel: boolean, captcha: CaptchaFields = {}) =>
    api.post<VoteResult>(`vote/${direction}`, { object_id, is_cancel, ...captcha }),
  bookmark: (object_id: string, bookmark: boolean) =>
    api.post<BookmarkResult>('collection/switch', { object_id, group_id: '0', bookmark }),
};

/** Reactions on questions, answers and comments (the reference API's `meta/reaction`). */
export const reactionApi = {
  summary: (object_id: string) => api.get<ReactionSummary>('meta/reaction', { params: { object_id } }),
  react: (object_id: string, emoji: ReactionEmoji, reaction: ReactionChange) =>
    api.put<ReactionSummary>('meta/reaction', { object_id, emoji, reaction }),
};
