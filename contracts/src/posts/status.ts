/**
 * The numbers the API and the read models give a post's states (as the reference client displays them),
 * named once. SQL names them too: interpolate the constant (`status = ${PostStatus.deleted}`).
 */

/** A question's, answer's or comment's status; `closed` is a question's only, `pending` awaits review. */
export const PostStatus = { available: 1, closed: 2, deleted: 10, pending: 11 } as const;
export type PostStatusCode = (typeof PostStatus)[keyof typeof PostStatus];
export type PostStatusName = keyof typeof PostStatus;

/** A question's place in lists: pinned ones come first (`pin` 2 before 1). */
export const Pin = { unpinned: 1, pinned: 2 } as const;
export type PinCode = (typeof Pin)[keyof typeof Pin];

/** An answer's `accepted` as the profile lists answer it (UserAnswerInfo). */
export const AnswerAcceptance = { notAccepted: 1, accepted: 2 } as const;

/** Whether a question is listed (`show`): a hidden one is seen only by its author and the staff. */
export const Show = { shown: 1, hidden: 2 } as const;
export type ShowCode = (typeof Show)[keyof typeof Show];

/**
 * A revision's status: `created` is a tag's first content, `pending` waits for review, `applied` is the
 * object's content, `rejected` was refused.
 */
export const RevisionStatus = { created: 0, pending: 1, applied: 2, rejected: 3 } as const;
export type RevisionStatusCode = (typeof RevisionStatus)[keyof typeof RevisionStatus];

/** A tag's status. */
export const TagStatus = { available: 1, deleted: 10 } as const;
export type TagStatusCode = (typeof TagStatus)[keyof typeof TagStatus];

const POST_STATUS_NAMES = new Map<number, PostStatusName>(
  Object.entries(PostStatus).map(([name, code]) => [code, name as PostStatusName]),
);

/** The name a status code goes by on the wire (`available`, `closed`...); undefined for a code no post has. */
export function postStatusName(code: number): PostStatusName | undefined {
  return POST_STATUS_NAMES.get(code);
}
