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
export const CommentEdited = defineEvent(
  'posts.comment_edited',
  Type.Object({
    comment_id: Id,
    actor_id: Id,
    original_text: Type.String(),
    parsed_text: Type.String(),
    mentions: Type.Array(Type.String()),
  }),
);
export const CommentDeleted = defineEvent(
  'posts.comment_deleted',
  Type.Object({ comment_id: Id, object_id: Id, actor_id: Id }),
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
  QuestionEdited,
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
  AnswerEdited,
  AnswerRevisionSubmitted,
  AnswerRevisionRejected,
  AnswerDeleted,
  AnswerUndeleted,
  CommentAdded,
  CommentEdited,
  CommentDeleted,
  QuestionFollowed,
  QuestionUnfollowed,
];
