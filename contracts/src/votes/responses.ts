import { type Static, Type } from 'typebox';

// Response shapes of votes' routes that the web app reads as types (DESIGN §7, "Wire types").

/** VoteResp: `vote/up`, `vote/down`. */
export const VoteResultSchema = Type.Object({
  votes: Type.Integer(),
  up_votes: Type.Integer(),
  down_votes: Type.Integer(),
  vote_status: Type.String(),
});
export type VoteResult = Static<typeof VoteResultSchema>;

/** CollectionSwitchResp, with the `switch` and `object_id` the product spec's client reads. */
export const BookmarkResultSchema = Type.Object({
  object_id: Type.String(),
  object_collection_count: Type.Integer(),
  switch: Type.Boolean(),
});
export type BookmarkResult = Static<typeof BookmarkResultSchema>;
