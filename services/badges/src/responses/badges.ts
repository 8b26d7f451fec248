import {
  type AdminBadge,
  type BadgeAwardItem,
  type BadgeDefinition,
  type BadgeInfo,
  type BadgeListInfo,
  badgeDescription,
  badgeGroupName,
  badgeName,
  type Language,
  type UserBadgeAward,
  type UserBasicInfo,
} from '@agora/contracts';
import type { AwardRow } from '../queries/awards';
import type { BadgeFacts } from '../queries/badge-facts';

// Reply shapes of the badges routes (contracts' badges/responses.ts), built from the catalogue, the
// facts read for the request and its language.

export function badgeListInfo(badge: BadgeDefinition, facts: BadgeFacts, language: Language): BadgeListInfo {
  return {
    id: badge.id,
    name: badgeName(language, badge),
    icon: badge.icon,
    level: badge.level,
    award_count: facts.awardCount(badge.id),
    earned_count: facts.earnedCount(badge.id),
  };
}

export function badgeInfo(badge: BadgeDefinition, facts: BadgeFacts, language: Language): BadgeInfo {
  return {
    ...badgeListInfo(badge, facts, language),
    description: badgeDescription(language, badge),
    is_single: badge.single,
  };
}

export function adminBadge(badge: BadgeDefinition, facts: BadgeFacts, language: Language): AdminBadge {
  const awardCount = facts.awardCount(badge.id);
  return {
    id: badge.id,
    name: badgeName(language, badge),
    description: badgeDescription(language, badge),
    group_name: badgeGroupName(language, badge.group),
    icon: badge.icon,
    level: badge.level,
    status: facts.statusOf(badge.id),
    award_count: awardCount,
    earned: awardCount > 0,
  };
}

export function userBadgeAward(badge: BadgeDefinition, earnedCount: number, language: Language): UserBadgeAward {
  return {
    id: badge.id,
    name: badgeName(language, badge),
    icon: badge.icon,
    level: badge.level,
    earned_count: earnedCount,
  };
}

/** An award as the badge's page lists it: when, who, and the post it links to (none for a profile). */
export function awardItem(row: AwardRow, member: UserBasicInfo): BadgeAwardItem {
  return {
    created_at: Math.floor(row.awarded_at.getTime() / 1000),
    object_id: row.object_id,
    question_id: row.question_id,
    answer_id: row.answer_id,
    comment_id: row.object_type === 'comment' ? row.object_id : '',
    object_type: row.object_type,
    url_title: row.url_title ?? '',
    author_user_info: member,
  };
}
