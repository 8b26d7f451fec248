import { type Static, Type } from 'typebox';

// Response shapes of moderation's routes that the web app reads as types (DESIGN §7, "Wire types").

/**
 * ReasonItem: one of the reasons `reasons?object_type=&action=` offers for closing or flagging a post;
 * `content_type` says whether the reason takes text (`text`, `textarea`) or none ('').
 */
export const ReasonItemSchema = Type.Object({
  reason_key: Type.String(),
  reason_type: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  content_type: Type.String(),
  placeholder: Type.String(),
});
export type ReasonItem = Static<typeof ReasonItemSchema>;
