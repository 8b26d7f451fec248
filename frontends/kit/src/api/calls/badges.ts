import { Limits } from '@agora/contracts/limits';
import { api } from '../client';
import type { BadgeAwardItem, BadgeGroupList, BadgeInfo, Page, UserBadgeAward } from '../wire';
import { unlessAbsent } from './absent';

/** The badge catalogue, a badge and its awards, a member's badges (the reference API's "badges" group). */
export const badgeApi = {
  catalogue: () => api.get<BadgeGroupList[]>('badges'),
  /** A badge that is unknown or switched off shows the 404 page. */
  info: (id: string) => api.get<BadgeInfo>('badge', { params: { id }, allow404: true }),
  awards: (badge_id: string, page: number) =>
    api.get<Page<BadgeAwardItem>>('badge/awards/page', {
      params: { badge_id, page, page_size: Limits.badges.awardsPageSize },
    }),
  /** A member's badges; an unknown member shows the 404 page. */
  ofMember: (username: string) =>
    api.get<Page<UserBadgeAward>>('badge/user/awards', { params: { username }, allow404: true }),
  /**
   * A member's latest badges, the shelf of their profile: a page the member's own call decides (its 404 is
   * the page's), so an unknown member or a deployment without badges gives an empty shelf here.
   */
  recentOfMember: (username: string) =>
    unlessAbsent(
      () => api.get<Page<UserBadgeAward>>('badge/user/awards/recent', { params: { username }, silent: true }),
      { count: 0, list: [] as UserBadgeAward[] },
    ),
};
