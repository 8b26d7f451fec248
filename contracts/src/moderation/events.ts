import { type Static, Type } from 'typebox';
import { defineEvent } from '../events/envelope';
import { TagRef } from '../posts/events';

const Id = Type.String({ minLength: 1 });

/**
 * A reviewer's decision on a suggested edit. The owner of the object (posts for
 * questions and answers, tags for tags) applies an approved revision or drops a rejected one.
 */
export const RevisionReviewed = defineEvent(
  'moderation.revision_reviewed',
  Type.Object({
    revision_id: Id,
    object_id: Id,
    object_type: Type.Union([Type.Literal('question'), Type.Literal('answer'), Type.Literal('tag')]),
    decision: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    reviewer_id: Id,
    /** Who suggested the edit (told of the outcome). */
    editor_id: Type.Optional(Id),
  }),
);

/** A reviewer passed over a suggested edit: it leaves their queue, and stays in everyone else's. */
export const RevisionSkipped = defineEvent(
  'moderation.revision_skipped',
  Type.Object({ revision_id: Id, object_id: Id, reviewer_id: Id }),
);

/** What can be flagged (members too, docs/behaviour-decisions.md). */
export const FlaggedObjectType = Type.Union([
  Type.Literal('question'),
  Type.Literal('answer'),
  Type.Literal('comment'),
  Type.Literal('user'),
]);

/** Who and what a flag is about: the same on each of its events, so a consumer needs no other source. */
const FlagFacts = {
  flag_id: Id,
  object_id: Id,
  object_type: FlaggedObjectType,
  /** The question a post belongs to ('' for a member). */
  question_id: Type.String(),
  /** The author of the flagged post, or the flagged member. */
  object_user_id: Type.String(),
  reporter_id: Id,
};

/**
 * A member flagged a post or a member, with one of the reasons of its flag list (`reason_type`) and the
 * text it asks for. On the stream of that member's flags of that object, which holds one open flag at most.
 */
export const FlagReported = defineEvent(
  'moderation.flag_reported',
  Type.Object({ ...FlagFacts, reason_type: Type.Integer(), content: Type.String() }),
);

/** What handling a flag does to its object, carried out by the object's owner. */
export const FlagOperationSchema = Type.Union([
  Type.Literal('edit_post'),
  Type.Literal('close_post'),
  Type.Literal('delete_post'),
  Type.Literal('unlist_post'),
  Type.Literal('ignore_report'),
  Type.Literal('suspend_user'),
]);
export type FlagOperation = Static<typeof FlagOperationSchema>;

/**
 * A moderator handled a flag: `operation` is what posts (edit, close, delete, unlist) or identity (suspend)
 * then do to the object, as the handler; `ignore_report` changes nothing but the flag. The flag is
 * `completed`, or `ignored` when nothing was done. The fields an operation does not use are empty.
 */
export const FlagHandled = defineEvent(
  'moderation.flag_handled',
  Type.Object({
    ...FlagFacts,
    handler_id: Id,
    operation: FlagOperationSchema,
    status: Type.Union([Type.Literal('completed'), Type.Literal('ignored')]),
    close_type: Type.Integer(),
    close_msg: Type.String(),
    title: Type.String(),
    content: Type.String(),
    tags: Type.Array(TagRef),
    /** ISO time a suspension lasts until ('' for other operations). */
    suspended_until: Type.String(),
  }),
);

/**
 * A moderator's decision on a held post (pre-moderation), on stream `held-post-<object id>`: posts publishes an
 * approved one (`posts.question_asked` / `posts.answer_posted` on the post's stream) or drops a rejected one.
 */
export const HeldPostReviewed = defineEvent(
  'moderation.held_post_reviewed',
  Type.Object({
    object_id: Id,
    object_type: Type.Union([Type.Literal('question'), Type.Literal('answer')]),
    decision: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    reviewer_id: Id,
    /** The post's author. */
    user_id: Id,
  }),
);

export const ModerationEvents = [
  RevisionReviewed,
  RevisionSkipped,
  FlagReported,
  FlagHandled,
  HeldPostReviewed,
] as const;
