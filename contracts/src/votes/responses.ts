import { type Static, Type } from 'typebox';
import { REACTION_EMOJIS } from './reactions';

// Response shapes of votes' routes that the web app reads as types (DESIGN §7, "Wire types").

/** VoteResp: `vote/up`, `vote/down`. */
export const VoteResultSchema = Type.Object({
  votes: Type.Integer(),
  up_votes: Type.Integer(),
  down_votes: Type.Integer(),
  vote_status: Type.String(),
});
export type VoteResult = Static<typeof VoteResultSchema>;

/** The reference API's `CollectionSwitchResp`, with the `switch` and `object_id` the reference client reads. */
export const BookmarkResultSchema = Type.Object({
  object_id: Type.String(),
  object_collection_count: Type.Integer(),
  switch: Type.Boolean(),
});
export type BookmarkResult = Static<typeof BookmarkResultSchema>;

/** ReactionRespItem: one emoji's count, whether the caller reacted with it, and who did (`tooltip`). */
export const ReactionItemSchema = Type.Object({
  emoji: Type.Enum(REACTION_EMOJIS),
  count: Type.Integer(),
  is_active: Type.Boolean(),
  tooltip: Type.String(),
});
export type ReactionItem = Static<typeof ReactionItemSchema>;

/**
 * GetReactionByObjectIdResp, the handler's shape of `GET` and `PUT meta/reaction`: the emojis someone
 * reacted with, in the order of `REACTION_EMOJIS`.
 */
export const ReactionSummarySchema = Type.Object({ reaction_summary: Type.Array(ReactionItemSchema) });
export type ReactionSummary = Static<typeof ReactionSummarySchema>;
