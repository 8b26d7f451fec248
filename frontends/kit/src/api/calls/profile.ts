import { Limits } from '@agora/contracts/limits';
import { api } from '../client';
import type {
  Page,
  PersonalComment,
  PublicUserInfo,
  QuestionInfo,
  Ranking,
  RankPageItem,
  UserAnswerInfo,
  UserQuestionInfo,
  UserTopPosts,
  VotePageItem,
} from '../wire';

/** How the Answers and Questions tabs sort (the reference's two). */
export type ProfileOrder = 'newest' | 'score';

const page = (n: number) => ({ page: n, page_size: Limits.pageSize.profileTab });

/** A member's profile and its tabs (api.md, `personal/*`), and the user list (`user/ranking`). */
export const profileApi = {
  /** An unknown or deleted member shows the 404 page. */
  info: (username: string) => api.get<PublicUserInfo>('personal/user/info', { params: { username }, allow404: true }),
  top: (username: string) => api.get<UserTopPosts>('personal/qa/top', { params: { username } }),
  answers: (username: string, order: ProfileOrder, n: number) =>
    api.get<Page<UserAnswerInfo>>('personal/answer/page', { params: { username, order, ...page(n) } }),
  questions: (username: string, order: ProfileOrder, n: number) =>
    api.get<Page<UserQuestionInfo>>('personal/question/page', { params: { username, order, ...page(n) } }),
  comments: (username: string, n: number) =>
    api.get<Page<PersonalComment>>('personal/comment/page', { params: { username, ...page(n) } }),
  reputation: (username: string, n: number) =>
    api.get<Page<RankPageItem>>('personal/rank/page', { params: { username, ...page(n) } }),
  /** The caller's own bookmarks. */
  bookmarks: (n: number) => api.get<Page<QuestionInfo>>('personal/collection/page', { params: page(n) }),
  /** The caller's own votes. */
  votes: (n: number) => api.get<Page<VotePageItem>>('personal/vote/page', { params: page(n) }),
  ranking: () => api.get<Ranking>('user/ranking'),
};
