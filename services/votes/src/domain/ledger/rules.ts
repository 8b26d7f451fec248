import type { ReputationReason } from '@agora/contracts';

/** No change takes reputation below 1. */
export const MINIMUM_REPUTATION = 1;

/** `daily_rank_limit`: vote gains stop for the day once the day's entries sum to it. */
export const DAILY_VOTE_GAIN_CAP = 200;

/** What each entry is worth when granted. Account entries carry their own amount. */
export const AMOUNTS: Record<ReputationReason, number> = {
  'question.voted_up': 10,
  'question.voted_down': -2,
  'answer.voted_up': 10,
  'answer.voted_down': -2,
  'answer.vote_down': -1,
  'answer.accept': 2,
  'answer.accepted': 15,
  'edit.accepted': 2,
  'user.activated': 1,
  'user.created': 0,
  adjusted: 0,
};

/** Only gains from votes are capped (the reference's cap scope). */
export const CAPPED_REASONS: ReadonlySet<ReputationReason> = new Set(['question.voted_up', 'answer.voted_up']);

/** The starting balance is not an activity of the day, so it does not count towards the cap. */
export const UNCOUNTED_FOR_CAP: ReadonlySet<ReputationReason> = new Set(['user.created', 'adjusted']);

/**
 * The part of a change that applies: gains whole; a loss only down to 1, and never turned into a gain
 * (a balance still below 1, before activation, stays where it is).
 */
export function withFloor(reputation: number, wanted: number): number {
  if (wanted >= 0) return wanted;
  return Math.max(wanted, Math.min(0, MINIMUM_REPUTATION - reputation));
}

/** The cap's day: the UTC date of the cause (the site's default time zone). */
export function dayOf(at: string): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** A vote gain counts in full while the day's entries are below the cap, then nothing. */
export function cappedAmount(reason: ReputationReason, amount: number, gainedToday: number): number {
  return amount > 0 && CAPPED_REASONS.has(reason) && gainedToday >= DAILY_VOTE_GAIN_CAP ? 0 : amount;
}
