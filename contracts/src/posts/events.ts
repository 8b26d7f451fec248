import { Type } from 'typebox';
import { defineEvent } from '../events/envelope';
import { QuestionSharesVisited } from './share-events';

const Id = Type.String({ minLength: 1 });
export const TagRef = Type.Object({ slug_name: Type.String(), display_name: Type.String() });

/** The content of a question as it stands after an event: later consumers need no other source. */
const QuestionContent = {
  title: Type.String(),
  url_title: Type.String(),
  content: Type.String(),
  html: Type.String(),
  tags: Type.Array(TagRef),
};

export const QuestionAsked = defineEvent(
  'posts.question_asked',
  Type.Object({ question_id: Id, user_id: Id, revision_id: Id, ...QuestionContent }),
);
export const QuestionEdited = defineEvent(
  'posts.question_edited',
  Type.Object({
    question_id: Id,
    editor_id: Id,
    revision_id: Id,
    edit_summary: Type.String(),
    /** Set when a reviewer approved a suggested edit (the editor earns reputation for it). */
    reviewer_id: Type.Optional(Id),
    ...QuestionContent,
  }),
);
export const QuestionRevisionSubmitted = defineEvent(
  'posts.question_revision_submitted',
  Type.Object({ question_id: Id, editor_id: Id, revision_id: Id, edit_summary: Type.String(), ...QuestionContent }),
);

export const QuestionRevisionRejected = defineEvent(
  'posts.question_revision_rejected',
  Type.Object({ question_id: Id, revision_id: Id, editor_id: Id, reviewer_id: Id }),
);

/**
 * Why a new post waits for a moderator instead of being published (the site's hold rules): the author's first
 * posts, or a link from an author under the reputation the site asks of links.
 */
/** Why a post is held: a new member's, one with a new member's links, or one held at the site it was imported from. */
export const HoldReason = Type.Union([Type.Literal('new_member'), Type.Literal('links'), Type.Literal('imported')]);

/**
 * A new question held for review (pre-moderation): only posts and moderation know of it until it is approved,
 * when posts appends `posts.question_asked` on its stream and every other service learns of it as usual.
 */
export const QuestionHeld = defineEvent(
  'posts.question_held',
  Type.Object({ question_id: Id, user_id: Id, revision_id: Id, reason: HoldReason, ...QuestionContent }),
);
/** A held question that will never be published: rejected by `reviewer_id`, or deleted by its author. */
export const HeldQuestionDropped = defineEvent(
  'posts.held_question_dropped',
  Type.Object({ question_id: Id, user_id: Id, actor_id: Id, rejected: Type.Boolean() }),
);

/**
 * A question filed again under the tag its tags were merged into (`tags.tag_merged`): `tags` as they stand after,
 * `merged_slugs` the tags it named that now stand for `target`. No edit: no revision, nothing on its timeline.
 */
export const QuestionRetagged = defineEvent(
  'posts.question_retagged',
  Type.Object({
    question_id: Id,
    actor_id: Id,
    merged_slugs: Type.Array(Type.String()),
    target: TagRef,
    tags: Type.Array(TagRef),
  }),
);

const QuestionAct = Type.Object({ question_id: Id, actor_id: Id });
export const QuestionDeleted = defineEvent('posts.question_deleted', QuestionAct);
export const QuestionUndeleted = defineEvent('posts.question_undeleted', QuestionAct);
/**
 * `close_type` of a question closed as a duplicate (the reasons catalogue's "a duplicate", reason type 60):
 * its `close_msg` is the address of the question it duplicates, which it then links to.
 */
export const DUPLICATE_CLOSE_TYPE = 60;
export const QuestionClosed = defineEvent(
  'posts.question_closed',
  Type.Object({ question_id: Id, actor_id: Id, close_type: Type.Integer(), close_msg: Type.String() }),
);
export const QuestionReopened = defineEvent('posts.question_reopened', QuestionAct);
export const QuestionPinned = defineEvent('posts.question_pinned', QuestionAct);
export const QuestionUnpinned = defineEvent('posts.question_unpinned', QuestionAct);
export const QuestionHidden = defineEvent('posts.question_hidden', QuestionAct);
export const QuestionShown = defineEvent('posts.question_shown', QuestionAct);
/** `answer_id` null: the accepted answer was withdrawn. */
export const AnswerAccepted = defineEvent(
  'posts.answer_accepted',
  Type.Object({
    question_id: Id,
    actor_id: Id,
    answer_id: Type.Union([Id, Type.Null()]),
    previous_answer_id: Type.Union([Id, Type.Null()]),
  }),
);

const AnswerContent = { content: Type.String(), html: Type.String() };
export const AnswerPosted = defineEvent(
  'posts.answer_posted',
  Type.Object({ answer_id: Id, question_id: Id, user_id: Id, revision_id: Id, ...AnswerContent }),
);
/** A new answer held for review, published later by `posts.answer_posted` on its stream (see `QuestionHeld`). */
export const AnswerHeld = defineEvent(
  'posts.answer_held',
  Type.Object({ answer_id: Id, question_id: Id, user_id: Id, revision_id: Id, reason: HoldReason, ...AnswerContent }),
);
/** A held answer that will never be published: rejected, or deleted by its author. */
export const HeldAnswerDropped = defineEvent(
  'posts.held_answer_dropped',
  Type.Object({ answer_id: Id, question_id: Id, user_id: Id, actor_id: Id, rejected: Type.Boolean() }),
);
export const AnswerEdited = defineEvent(
  'posts.answer_edited',
  Type.Object({
    answer_id: Id,
    question_id: Id,
    editor_id: Id,
    revision_id: Id,
    edit_summary: Type.String(),
    /** Set when a reviewer approved a suggested edit (the editor earns reputation for it). */
    reviewer_id: Type.Optional(Id),
    ...AnswerContent,
  }),
);
export const AnswerRevisionSubmitted = defineEvent(
  'posts.answer_revision_submitted',
  Type.Object({
    answer_id: Id,
    question_id: Id,
    editor_id: Id,
    revision_id: Id,
    edit_summary: Type.String(),
    ...AnswerContent,
  }),
);
export const AnswerRevisionRejected = defineEvent(
  'posts.answer_revision_rejected',
  Type.Object({ answer_id: Id, question_id: Id, revision_id: Id, editor_id: Id, reviewer_id: Id }),
);
const AnswerAct = Type.Object({ answer_id: Id, question_id: Id, actor_id: Id });
export const AnswerDeleted = defineEvent('posts.answer_deleted', AnswerAct);
export const AnswerUndeleted = defineEvent('posts.answer_undeleted', AnswerAct);

/**
 * A soft-deleted question hard-deleted by an admin (the permanent delete), with every answer and comment under
 * it: each read model holding a copy of any of them drops its rows, and the posts event store keeps only the
 * ids, types and times of their streams (docs/adr/0078-purging-in-an-event-sourced-system.md).
 */
export const QuestionPurged = defineEvent(
  'posts.question_purged',
  Type.Object({
    question_id: Id,
    user_id: Id,
    actor_id: Id,
    answer_ids: Type.Array(Id),
    comment_ids: Type.Array(Id),
    /** Every revision of the purged posts, suggested edits still waiting included. */
    revision_ids: Type.Array(Id),
  }),
);
/** A soft-deleted answer hard-deleted by an admin, with the comments on it (see `QuestionPurged`). */
export const AnswerPurged = defineEvent(
  'posts.answer_purged',
  Type.Object({
    answer_id: Id,
    question_id: Id,
    user_id: Id,
    actor_id: Id,
    comment_ids: Type.Array(Id),
    revision_ids: Type.Array(Id),
  }),
);

export const CommentAdded = defineEvent(
  'posts.comment_added',
  Type.Object({
    comment_id: Id,
    object_id: Id,
    question_id: Id,
    user_id: Id,
    reply_comment_id: Type.Union([Id, Type.Null()]),
    reply_user_id: Type.Union([Id, Type.Null()]),
    original_text: Type.String(),
    parsed_text: Type.String(),
    mentions: Type.Array(Type.String(), { description: 'mentioned user ids' }),
  }),
);
/** The question a comment is under, on its later events: live pages follow a question by it (absent on older events). */
const CommentQuestion = { question_id: Type.Optional(Id) };
export const CommentEdited = defineEvent(
  'posts.comment_edited',
  Type.Object({
    comment_id: Id,
    ...CommentQuestion,
    actor_id: Id,
    original_text: Type.String(),
    parsed_text: Type.String(),
    mentions: Type.Array(Type.String()),
  }),
);
export const CommentDeleted = defineEvent(
  'posts.comment_deleted',
  Type.Object({ comment_id: Id, object_id: Id, ...CommentQuestion, actor_id: Id }),
);

/** The users invited to answer, as the whole new list; `added` are the ones newly invited. */
export const InvitationsUpdated = defineEvent(
  'posts.invitations_updated',
  Type.Object({ question_id: Id, actor_id: Id, user_ids: Type.Array(Id), added: Type.Array(Id) }),
);

/**
 * A member follows a question, or stops (followers hear of its answers). On the stream of that
 * member's follow of that question (`question-follow-<question id>-<user id>`).
 */
export const QuestionFollowed = defineEvent('posts.question_followed', Type.Object({ question_id: Id, user_id: Id }));
export const QuestionUnfollowed = defineEvent(
  'posts.question_unfollowed',
  Type.Object({ question_id: Id, user_id: Id }),
);

/** Views counted in memory and recorded in one event per flush, so the counts survive a rebuild. */
export const ViewsCounted = defineEvent(
  'posts.views_counted',
  Type.Object({
    counts: Type.Array(
      Type.Object({ question_id: Id, views: Type.Integer({ minimum: 0 }), unique_views: Type.Integer({ minimum: 0 }) }),
    ),
  }),
);

export const PostsEvents = [
  ViewsCounted,
  QuestionSharesVisited,
  QuestionAsked,
  QuestionHeld,
  HeldQuestionDropped,
  QuestionEdited,
  QuestionRetagged,
  QuestionRevisionSubmitted,
  QuestionRevisionRejected,
  QuestionDeleted,
  QuestionUndeleted,
  QuestionClosed,
  QuestionReopened,
  QuestionPinned,
  QuestionUnpinned,
  QuestionHidden,
  QuestionShown,
  AnswerAccepted,
  InvitationsUpdated,
  AnswerPosted,
  AnswerHeld,
  HeldAnswerDropped,
  AnswerEdited,
  AnswerRevisionSubmitted,
  AnswerRevisionRejected,
  AnswerDeleted,
  AnswerUndeleted,
  QuestionPurged,
  AnswerPurged,
  CommentAdded,
  CommentEdited,
  CommentDeleted,
  QuestionFollowed,
  QuestionUnfollowed,
];
