import { type LiveChange, type LivePostStatus, LiveTopic } from '@agora/contracts';
import type { StoredEvent } from '@agora/platform';

/** A message before it has its place in a stream: the topic the hub keys it by, and what changed. */
export interface LiveDraft {
  topic: string;
  change: LiveChange;
}

export const questionTopic = (questionId: string) => `${LiveTopic.questionPrefix}${questionId}`;
/** A member's own topic as the hub keys it; the stream names it `me`. */
export const memberTopic = (userId: string) => `${LiveTopic.me}:${userId}`;
/** The topic a stream names for a hub's topic. */
export const wireTopic = (topic: string) => (topic.startsWith(`${LiveTopic.me}:`) ? LiveTopic.me : topic);

const QUESTION_STATUS: Readonly<Record<string, LivePostStatus>> = {
  'posts.question_deleted': 'deleted',
  'posts.question_undeleted': 'undeleted',
  'posts.question_closed': 'closed',
  'posts.question_reopened': 'reopened',
  'posts.question_pinned': 'pinned',
  'posts.question_unpinned': 'unpinned',
  'posts.question_hidden': 'hidden',
  'posts.question_shown': 'shown',
  'posts.question_purged': 'purged',
};
const ANSWER_STATUS: Readonly<Record<string, LivePostStatus>> = {
  'posts.answer_deleted': 'deleted',
  'posts.answer_undeleted': 'undeleted',
  'posts.answer_purged': 'purged',
};

/** What the review queue is made of: suggested edits, held posts and flags, and the decisions on them. */
const REVIEW_TYPES = new Set([
  'posts.question_revision_submitted',
  'posts.answer_revision_submitted',
  'posts.question_revision_rejected',
  'posts.answer_revision_rejected',
  'posts.question_held',
  'posts.answer_held',
  'posts.held_question_dropped',
  'posts.held_answer_dropped',
  'moderation.revision_reviewed',
  'moderation.revision_skipped',
  'moderation.flag_reported',
  'moderation.flag_handled',
  'moderation.held_post_reviewed',
]);

/** What the admin dashboard counts (site's dashboard projections' events). */
const DASHBOARD_TYPES = new Set([
  'posts.question_asked',
  'posts.question_deleted',
  'posts.question_undeleted',
  'posts.question_hidden',
  'posts.question_shown',
  'posts.answer_accepted',
  'posts.answer_posted',
  'posts.answer_deleted',
  'posts.answer_undeleted',
  'posts.comment_added',
  'posts.comment_deleted',
  'votes.vote_cast',
  'votes.vote_cancelled',
  'identity.user_registered',
  'identity.user_purged',
]);

/** What a vote did to its object's score. */
const VOTE_DELTA = { 'votes.vote_cast': { up: 1, down: -1 }, 'votes.vote_cancelled': { up: -1, down: 1 } } as const;

type Data = Record<string, unknown>;
const text = (data: Data, field: string): string => {
  const value = data[field];
  return typeof value === 'string' ? value : '';
};

/** A question's page: what its answers, comments and votes did, and the question itself. */
function onQuestion(event: StoredEvent, data: Data): LiveChange | null {
  const question_id = text(data, 'question_id');
  const status = QUESTION_STATUS[event.type];
  if (status) return { kind: 'question_status', question_id, status };
  const answerStatus = ANSWER_STATUS[event.type];
  if (answerStatus)
    return { kind: 'answer_status', question_id, answer_id: text(data, 'answer_id'), status: answerStatus };
  switch (event.type) {
    case 'posts.question_edited':
    case 'posts.question_retagged':
      return { kind: 'question_edited', question_id };
    case 'posts.answer_posted':
      return { kind: 'answer_posted', question_id, answer_id: text(data, 'answer_id') };
    case 'posts.answer_edited':
      return { kind: 'answer_edited', question_id, answer_id: text(data, 'answer_id') };
    case 'posts.answer_accepted':
      return { kind: 'answer_accepted', question_id, answer_id: text(data, 'answer_id') || null };
    case 'posts.comment_added':
      return {
        kind: 'comment_added',
        question_id,
        object_id: text(data, 'object_id'),
        comment_id: text(data, 'comment_id'),
      };
    case 'posts.comment_edited':
      return { kind: 'comment_edited', question_id, comment_id: text(data, 'comment_id') };
    case 'posts.comment_deleted':
      return {
        kind: 'comment_deleted',
        question_id,
        object_id: text(data, 'object_id'),
        comment_id: text(data, 'comment_id'),
      };
    case 'votes.vote_cast':
    case 'votes.vote_cancelled': {
      const direction = text(data, 'direction') === 'down' ? 'down' : 'up';
      return {
        kind: 'vote',
        question_id,
        object_id: text(data, 'object_id'),
        delta: VOTE_DELTA[event.type][direction],
      };
    }
    case 'votes.reaction_activated':
    case 'votes.reaction_deactivated':
      return { kind: 'reaction', question_id, object_id: text(data, 'object_id') };
    default:
      return null;
  }
}

/** A member's red dots: a notification opened for them, or their own reads and looks. */
function onMember(event: StoredEvent, data: Data): LiveDraft | null {
  if (!event.type.startsWith('notifications.')) return null;
  const type = text(data, 'type');
  const userId = text(data, 'user_id');
  if (!userId || (type !== 'inbox' && type !== 'achievement')) return null;
  switch (event.type) {
    case 'notifications.notification_opened':
    case 'notifications.read':
    case 'notifications.red_dot_cleared':
      return { topic: memberTopic(userId), change: { kind: 'counts', type } };
    default:
      return null;
  }
}

/**
 * The messages an event makes (docs/adr/0099-live-pages.md): ids and counts only, never content. A held post makes
 * none but the review queue's until it is published (`posts.question_asked` / `posts.answer_posted` then); a hidden,
 * deleted or purged one only a status change of its id. A question's message needs the question's id on its event
 * (a comment's edit or deletion written before comments named it makes none).
 */
export function messagesOf(event: StoredEvent): LiveDraft[] {
  const data = (event.data ?? {}) as Data;
  const drafts: LiveDraft[] = [];
  const change = onQuestion(event, data);
  if (change && 'question_id' in change && change.question_id) {
    drafts.push({ topic: questionTopic(change.question_id), change });
  }
  if (event.type === 'posts.question_asked') {
    drafts.push({
      topic: LiveTopic.questions,
      change: { kind: 'question_asked', question_id: text(data, 'question_id') },
    });
  }
  const member = onMember(event, data);
  if (member) drafts.push(member);
  if (REVIEW_TYPES.has(event.type)) drafts.push({ topic: LiveTopic.review, change: { kind: 'review_changed' } });
  if (DASHBOARD_TYPES.has(event.type)) drafts.push({ topic: LiveTopic.dashboard, change: { kind: 'totals_changed' } });
  return drafts;
}

/** Every type that makes a message, for the follower to read only those. */
export const MESSAGE_TYPES: readonly string[] = [
  ...new Set([
    ...Object.keys(QUESTION_STATUS),
    ...Object.keys(ANSWER_STATUS),
    'posts.question_asked',
    'posts.question_edited',
    'posts.question_retagged',
    'posts.answer_posted',
    'posts.answer_edited',
    'posts.answer_accepted',
    'posts.comment_added',
    'posts.comment_edited',
    'posts.comment_deleted',
    'votes.vote_cast',
    'votes.vote_cancelled',
    'votes.reaction_activated',
    'votes.reaction_deactivated',
    'notifications.notification_opened',
    'notifications.read',
    'notifications.red_dot_cleared',
    ...REVIEW_TYPES,
    ...DASHBOARD_TYPES,
  ]),
];

/** A question status after which some who saw the question may no longer: its watchers are asked again. */
export function narrowsVisibility(change: LiveChange): boolean {
  return change.kind === 'question_status' && ['deleted', 'hidden', 'purged'].includes(change.status);
}
