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
import { unlessAbsent } from './absent';

/** How the Answers and Questions tabs sort (the reference's two). */
export type ProfileOrder = 'newest' | 'score';

const page = (n: number) => ({ page: n, page_size: Limits.pageSize.profileTab });
const NONE = { count: 0, list: [] };
/**
 * A tab of a member's profile, asked beside the member's card: an unknown or deleted member is the card's 404
 * page, so the tab's own 404 gives an empty list rather than a second message.
 */
const tab = <T>(path: string, params: Record<string, string | number>) =>
  unlessAbsent(() => api.get<Page<T>>(path, { params, silent: true }), NONE as Page<T>);

/** A member's profile and its tabs (`personal/*`), and the user list (`user/ranking`). */
export const profileApi = {
  /** An unknown or deleted member shows the 404 page. */
  info: (username: string) => api.get<PublicUserInfo>('personal/user/info', { params: { username }, allow404: true }),
  top: (username: string) =>
    unlessAbsent(() => api.get<UserTopPosts>('personal/qa/top', { params: { username }, silent: true }), {
      question: [],
      answer: [],
    } as UserTopPosts),
  answers: (username: string, order: ProfileOrder, n: number) =>
    tab<UserAnswerInfo>('personal/answer/page', { username, order, ...page(n) }),
  questions: (username: string, order: ProfileOrder, n: number) =>
    tab<UserQuestionInfo>('personal/question/page', { username, order, ...page(n) }),
  comments: (username: string, n: number) => tab<PersonalComment>('personal/comment/page', { username, ...page(n) }),
  reputation: (username: string, n: number) => tab<RankPageItem>('personal/rank/page', { username, ...page(n) }),
  /** The caller's own bookmarks. */
  bookmarks: (n: number) => api.get<Page<QuestionInfo>>('personal/collection/page', { params: page(n) }),
  /** The caller's own votes. */
  votes: (n: number) => api.get<Page<VotePageItem>>('personal/vote/page', { params: page(n) }),
  ranking: () => api.get<Ranking>('user/ranking'),
};
