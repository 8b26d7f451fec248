import { formatObjectId } from '../ids';

/** Badge levels: the colour a badge is drawn in. */
export const BadgeLevel = { bronze: 1, silver: 2, gold: 3 } as const;
export type BadgeLevelValue = (typeof BadgeLevel)[keyof typeof BadgeLevel];

/** The groups of the catalogue, in the order `GET badges` lists them. */
export const BADGE_GROUPS = ['getting_started', 'community', 'posting'] as const;
export type BadgeGroup = (typeof BADGE_GROUPS)[number];

/** What an admin can set (`PUT {admin}/badge/status`): an inactive badge is hidden and awarded to nobody. */
export const BADGE_STATUSES = ['active', 'inactive'] as const;
export type BadgeStatus = (typeof BADGE_STATUSES)[number];

/**
 * What earns a badge, as facts the badges service reads from other services' events:
 * - `profile_bio`: a profile saved with a bio that is not blank (identity);
 * - `direct_edit`: a question or answer edited without review, one's own included (posts);
 * - `flag`: a flag raised on a question, answer or comment (moderation);
 * - `up_vote`: an up-vote cast on a question, answer or comment (votes);
 * - `reaction`: a reaction added to a post (votes' `reaction_activated`);
 * - `share_visit`: a question opened through a member's share link (posts);
 * - `accept_given`: an answer accepted, to whoever accepted it (posts);
 * - `answer_accepted`: an answer accepted, to its author (posts);
 * - `up_votes`: a question's or answer's up-votes reaching `amount`, once per post (votes).
 */
export type BadgeRule =
  | { kind: 'profile_bio' }
  | { kind: 'direct_edit' }
  | { kind: 'flag' }
  | { kind: 'up_vote' }
  | { kind: 'reaction' }
  | { kind: 'share_visit' }
  | { kind: 'accept_given' }
  | { kind: 'answer_accepted' }
  | { kind: 'up_votes'; objectType: 'question' | 'answer'; amount: number };

export interface BadgeDefinition {
  id: string;
  /** Names its texts (`badges/texts.ts`) and nothing else: ids are what the API speaks. */
  key: string;
  group: BadgeGroup;
  level: BadgeLevelValue;
  /** Once per member (true), or once per member and post (false: the up-vote badges). */
  single: boolean;
  /**
   * The reference's icon name (a Bootstrap Icons name, which the reference client draws as `bi-<icon>`); Agora's
   * web app draws each with an MUI icon of its own (frontends/kit `BadgeIcon`).
   */
  icon: string;
  rule: BadgeRule;
}

/** Catalogue badge `n`'s id: fixed, so every installation, and every replay, names a badge alike. */
export const badgeId = (n: number): string => formatObjectId('badge', BigInt(n));

/** Thresholds of the up-vote badges (up-votes, not the net score). */
export const UP_VOTE_THRESHOLDS = { nice: 10, good: 25, great: 50 } as const;

/** A badge earned once per member. */
function once(n: number, key: string, group: BadgeGroup, icon: string, rule: BadgeRule): BadgeDefinition {
  return { id: badgeId(n), key, group, level: BadgeLevel.bronze, single: true, icon, rule };
}

/** A badge earned once per post whose up-votes reach `amount`, by the post's author. */
function upVotes(
  n: number,
  key: string,
  objectType: 'question' | 'answer',
  level: BadgeLevelValue,
  amount: number,
): BadgeDefinition {
  const icon = objectType === 'answer' ? 'chat-square-text-fill' : 'question-circle-fill';
  return {
    id: badgeId(n),
    key,
    group: 'posting',
    level,
    single: false,
    icon,
    rule: { kind: 'up_votes', objectType, amount },
  };
}

/** The catalogue: fourteen badges in three groups. */
export const BADGES: readonly BadgeDefinition[] = [
  once(1, 'autobiographer', 'getting_started', 'person-badge-fill', { kind: 'profile_bio' }),
  once(2, 'editor', 'getting_started', 'pencil-fill', { kind: 'direct_edit' }),
  once(3, 'first_flag', 'getting_started', 'flag-fill', { kind: 'flag' }),
  once(4, 'first_upvote', 'getting_started', 'hand-thumbs-up-fill', { kind: 'up_vote' }),
  once(5, 'first_reaction', 'getting_started', 'emoji-smile-fill', { kind: 'reaction' }),
  once(6, 'first_share', 'getting_started', 'share-fill', { kind: 'share_visit' }),
  once(7, 'scholar', 'getting_started', 'check-circle-fill', { kind: 'accept_given' }),
  once(8, 'solved', 'community', 'check-square-fill', { kind: 'answer_accepted' }),
  upVotes(9, 'nice_answer', 'answer', BadgeLevel.bronze, UP_VOTE_THRESHOLDS.nice),
  upVotes(10, 'good_answer', 'answer', BadgeLevel.silver, UP_VOTE_THRESHOLDS.good),
  upVotes(11, 'great_answer', 'answer', BadgeLevel.gold, UP_VOTE_THRESHOLDS.great),
  upVotes(12, 'nice_question', 'question', BadgeLevel.bronze, UP_VOTE_THRESHOLDS.nice),
  upVotes(13, 'good_question', 'question', BadgeLevel.silver, UP_VOTE_THRESHOLDS.good),
  upVotes(14, 'great_question', 'question', BadgeLevel.gold, UP_VOTE_THRESHOLDS.great),
];

const BY_ID = new Map(BADGES.map((badge) => [badge.id, badge]));

/** A catalogue badge by its id, or undefined for any other string. */
export function badgeById(id: string): BadgeDefinition | undefined {
  return BY_ID.get(id);
}

/** The badges a kind of fact can earn. */
export function badgesOfRule<K extends BadgeRule['kind']>(
  kind: K,
): (BadgeDefinition & { rule: Extract<BadgeRule, { kind: K }> })[] {
  return BADGES.filter((badge) => badge.rule.kind === kind) as never;
}
