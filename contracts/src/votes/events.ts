import { type Static, Type } from 'typebox';
import { defineEvent } from '../events/envelope';
import { REACTION_EMOJIS } from './reactions';

const Id = Type.String({ minLength: 1 });
const VotableType = Type.Union([Type.Literal('question'), Type.Literal('answer'), Type.Literal('comment')]);
const Direction = Type.Union([Type.Literal('up'), Type.Literal('down')]);

/**
 * One voter's vote on one object. Each (voter, object) pair is its own stream, so voters never contend;
 * `owner_id` and `question_id` travel with it so that consumers (counts, reputation) need no lookup.
 */
const Vote = Type.Object({
  object_id: Id,
  object_type: VotableType,
  question_id: Id,
  user_id: Id,
  owner_id: Id,
  direction: Direction,
});
export const VoteCast = defineEvent('votes.vote_cast', Vote);
/** Undoing a vote, or the first half of switching direction (the new vote follows in the same append). */
export const VoteCancelled = defineEvent('votes.vote_cancelled', Vote);

/** A bookmark set (`bookmarked` true) or removed, on a question or an answer. */
export const BookmarkToggled = defineEvent(
  'votes.bookmark_toggled',
  Type.Object({
    object_id: Id,
    object_type: Type.Union([Type.Literal('question'), Type.Literal('answer')]),
    question_id: Id,
    user_id: Id,
    bookmarked: Type.Boolean(),
  }),
);

/**
 * A member's reaction with one emoji on one post, set (`reaction_activated`) or taken back
 * (`reaction_deactivated`). Each (member, post) pair is its own stream, as votes are; the post's owner and
 * question travel with it, so consumers (badges, notifications) need no lookup.
 */
const Reaction = Type.Object({
  object_id: Id,
  object_type: VotableType,
  question_id: Id,
  user_id: Id,
  owner_id: Id,
  emoji: Type.Enum(REACTION_EMOJIS),
});
export const ReactionActivated = defineEvent('votes.reaction_activated', Reaction);
export const ReactionDeactivated = defineEvent('votes.reaction_deactivated', Reaction);

/**
 * A vote the source counted without saying who cast it (a Stack Exchange dump), imported on a stream of its own
 * (`anonymous-vote-<key>`): it counts on its post's votes and nowhere else, so no member, reputation or badge
 * comes of it (docs/adr/0094-importing-a-community.md). Only an import writes it.
 */
export const AnonymousVoteCounted = defineEvent(
  'votes.anonymous_vote_counted',
  Type.Object({
    object_id: Id,
    object_type: VotableType,
    question_id: Id,
    owner_id: Id,
    direction: Direction,
  }),
);

/** Why reputation moved: the reference's reputation activity types, plus an account's starting balance. */
export const REPUTATION_REASONS = [
  'question.voted_up',
  'question.voted_down',
  'answer.voted_up',
  'answer.voted_down',
  'answer.vote_down',
  'answer.accept',
  'answer.accepted',
  'edit.accepted',
  'user.activated',
  'user.created',
  'adjusted',
] as const;
export type ReputationReason = (typeof REPUTATION_REASONS)[number];
const CHANGES = ['grant', 'cancel', 'suspend', 'restore', 'adjust'] as const;
const ENTRY_STATES = ['active', 'suspended', 'cancelled', 'none'] as const;

/**
 * A change of one user's reputation, on the user's ledger stream (`reputation-<user id>`). `reputation`
 * is the result, so consumers set it rather than add. The ledger entry it concerns (one per reason,
 * object and triggering user) carries its amount and state after the change, so the ledger's read model
 * is rebuilt from these events alone. `at` is the time of the cause (the vote, the acceptance), which
 * decides the day of the daily cap.
 */
export const ReputationChanged = defineEvent(
  'votes.reputation_changed',
  Type.Object({
    user_id: Id,
    delta: Type.Integer(),
    reputation: Type.Integer(),
    reason: Type.Enum(REPUTATION_REASONS),
    change: Type.Enum(CHANGES),
    entry_id: Type.String({ description: 'empty for an adjustment, which belongs to no entry' }),
    entry_amount: Type.Integer({ description: 'what the entry is worth after the change' }),
    entry_state: Type.Enum(ENTRY_STATES),
    object_id: Type.String({ description: 'the post the entry is about; empty for account entries' }),
    question_id: Type.String(),
    trigger_user_id: Type.Union([Id, Type.Null()]),
    at: Type.String(),
  }),
);
export type ReputationChange = Static<typeof ReputationChanged.data>;
export type ReputationChangeKind = ReputationChange['change'];
export type LedgerEntryState = Exclude<ReputationChange['entry_state'], 'none'>;

/**
 * Posts purged a post (`posts.question_purged`, `posts.answer_purged`): every vote, bookmark and reaction on it is
 * void, and every read model holding a copy of them drops it. On the votes log itself, after those votes, so that a
 * rebuild of any of their copies ends without them (docs/adr/0078-purging-in-an-event-sourced-system.md).
 */
export const ObjectPurged = defineEvent(
  'votes.object_purged',
  Type.Object({ object_id: Type.String({ minLength: 1 }) }),
);

export const VotesEvents = [
  VoteCast,
  VoteCancelled,
  AnonymousVoteCounted,
  BookmarkToggled,
  ReactionActivated,
  ReactionDeactivated,
  ReputationChanged,
  ObjectPurged,
];
