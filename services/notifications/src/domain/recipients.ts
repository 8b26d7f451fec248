import type { NotificationAction } from '@agora/contracts';
import type { NotifiedObjectType, PostType } from './actions';

/** One notification to give: to whom, for what, about which object, grouped on which. */
export interface NotificationIntent {
  receiver: string;
  action: NotificationAction;
  /** Notifications group on it: one per (receiver, group key, action) until read. */
  groupKey: string;
  objectId: string;
  objectType: NotifiedObjectType;
  questionId: string;
  triggerUserId: string | null;
  /** Reputation it carries (achievements). */
  rank?: number;
}

/**
 * Nobody is told of their own action, and one action tells each person once: intents come in order of
 * priority, so the first one per receiver is kept (reply, then mention, then comment).
 */
export function forOthers(intents: NotificationIntent[], actorId: string | null): NotificationIntent[] {
  const seen = new Set<string>();
  return intents.filter((intent) => {
    if (!intent.receiver || intent.receiver === actorId || seen.has(intent.receiver)) return false;
    seen.add(intent.receiver);
    return true;
  });
}

const about = (objectType: PostType, objectId: string, questionId: string, groupKey = objectId) => ({
  objectType,
  objectId,
  questionId,
  groupKey,
});

/**
 * The copies a question's followers get, after the intents of the people the event is about: whoever already
 * heard of it in their own words (the asker, the answer's author) is not told again, nor is the actor.
 */
function toFollowers(
  followers: readonly string[],
  action: NotificationAction,
  on: Omit<NotificationIntent, 'receiver' | 'action'>,
): NotificationIntent[] {
  return followers.map((receiver) => ({ receiver, action, ...on }));
}

/** A new answer tells the asker (grouped per question: "3 answers to your question"), then the question's followers. */
export function answerPosted(p: {
  answerId: string;
  questionId: string;
  answerer: string;
  asker: string;
  followers?: readonly string[];
}) {
  const on = { ...about('answer', p.answerId, p.questionId, p.questionId), triggerUserId: p.answerer };
  return forOthers(
    [
      { receiver: p.asker, action: 'answer_the_question', ...on },
      ...toFollowers(p.followers ?? [], 'followed_question_answered', on),
    ],
    p.answerer,
  );
}

/**
 * An edit of an answer tells the asker and the answer's author when someone else edits it,
 * then the question's followers.
 */
export function answerEdited(p: {
  answerId: string;
  questionId: string;
  editor: string;
  asker: string;
  author: string;
  followers?: readonly string[];
}) {
  const on = { ...about('answer', p.answerId, p.questionId), triggerUserId: p.editor };
  return forOthers(
    [
      { receiver: p.author, action: 'update_answer', ...on },
      { receiver: p.asker, action: 'update_answer', ...on },
      ...toFollowers(p.followers ?? [], 'followed_question_answer_edited', on),
    ],
    p.editor,
  );
}

/** An edit of a question tells its asker, then its followers. */
export function questionEdited(p: {
  questionId: string;
  editor: string;
  asker: string;
  followers?: readonly string[];
}) {
  const on = { ...about('question', p.questionId, p.questionId), triggerUserId: p.editor };
  return forOthers(
    [
      { receiver: p.asker, action: 'update_question', ...on },
      ...toFollowers(p.followers ?? [], 'followed_question_edited', on),
    ],
    p.editor,
  );
}

/**
 * Accepting tells the answer's author, unless they asked the question themselves, and the question's
 * followers (the answerer among them heard it as "accepted your answer").
 */
export function answerAccepted(p: {
  answerId: string;
  questionId: string;
  actor: string;
  asker: string;
  author: string;
  followers?: readonly string[];
}) {
  const on = { ...about('answer', p.answerId, p.questionId), triggerUserId: p.actor };
  return forOthers(
    [
      ...(p.author === p.asker ? [] : [{ receiver: p.author, action: 'accept_answer' as const, ...on }]),
      ...toFollowers(p.followers ?? [], 'followed_question_answer_accepted', on),
    ],
    p.actor,
  );
}

/** Somebody else closed or deleted a post: its author hears who did. */
export function statusAction(p: {
  action: Extract<
    NotificationAction,
    'your_question_is_closed' | 'your_question_was_deleted' | 'your_answer_was_deleted' | 'your_comment_was_deleted'
  >;
  objectType: PostType;
  objectId: string;
  questionId: string;
  actor: string;
  author: string;
}) {
  return forOthers(
    [
      {
        receiver: p.author,
        action: p.action,
        ...about(p.objectType, p.objectId, p.questionId),
        triggerUserId: p.actor,
      },
    ],
    p.actor,
  );
}

/** Each newly invited user, once (previously invited users are not told again). */
export function invited(p: { questionId: string; actor: string; added: string[] }) {
  return forOthers(
    p.added.map((receiver) => ({
      receiver,
      action: 'invited_you_to_answer' as const,
      ...about('question', p.questionId, p.questionId),
      triggerUserId: p.actor,
    })),
    p.actor,
  );
}

/**
 * A new comment: the replied-to author hears "replied to you", each mentioned user "mentioned you",
 * the post's author "commented on your question/answer", and on a question its followers "commented on a
 * question you follow" — each person once, in that priority.
 */
export function commentAdded(p: {
  commentId: string;
  postId: string;
  postType: 'question' | 'answer';
  questionId: string;
  commenter: string;
  postAuthor: string | undefined;
  replyUserId: string | null;
  mentions: string[];
  followers?: readonly string[];
}) {
  const base = { ...about('comment', p.commentId, p.questionId, p.postId), triggerUserId: p.commenter };
  const intents: NotificationIntent[] = [];
  if (p.replyUserId) intents.push({ receiver: p.replyUserId, action: 'reply_to_you', ...base });
  for (const mentioned of p.mentions) intents.push({ receiver: mentioned, action: 'mention_you', ...base });
  if (p.postAuthor) {
    intents.push({
      receiver: p.postAuthor,
      action: p.postType === 'question' ? 'comment_question' : 'comment_answer',
      ...base,
    });
  }
  // Followers hear of comments on the question itself; an answer's comments are its own conversation.
  if (p.postType === 'question') intents.push(...toFollowers(p.followers ?? [], 'followed_question_commented', base));
  return forOthers(intents, p.commenter);
}

/** An edited comment tells only the users it mentions for the first time. */
export function commentEdited(p: {
  commentId: string;
  postId: string;
  questionId: string;
  editor: string;
  before: string[];
  after: string[];
}) {
  const known = new Set(p.before);
  return forOthers(
    p.after
      .filter((id) => !known.has(id))
      .map((receiver) => ({
        receiver,
        action: 'mention_you' as const,
        ...about('comment', p.commentId, p.questionId, p.postId),
        triggerUserId: p.editor,
      })),
    p.editor,
  );
}

const VOTE_ACTIONS: Record<PostType, Partial<Record<'up' | 'down', NotificationAction>>> = {
  question: { up: 'up_voted_question', down: 'down_voted_question' },
  answer: { up: 'up_voted_answer', down: 'down_voted_answer' },
  comment: { up: 'up_voted_comment' },
};

/** A vote tells the owner of the object (the caller lets only a voter's first vote each way through). */
export function voteCast(p: {
  objectId: string;
  objectType: PostType;
  questionId: string;
  voter: string;
  owner: string;
  direction: 'up' | 'down';
}) {
  const action = VOTE_ACTIONS[p.objectType][p.direction];
  if (!action) return [];
  return forOthers(
    [{ receiver: p.owner, action, ...about(p.objectType, p.objectId, p.questionId), triggerUserId: p.voter }],
    p.voter,
  );
}
