/**
 * Reactions (`meta/reaction`): the emojis a member may react with on a question, answer or comment, in the
 * order a summary lists them, and what a `PUT` asks for.
 */
export const REACTION_EMOJIS = ['heart', 'smile', 'frown'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

export const REACTION_CHANGES = ['activate', 'deactivate'] as const;
export type ReactionChange = (typeof REACTION_CHANGES)[number];
