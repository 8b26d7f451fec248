import { NOTIFICATION_ACTIONS, type NotificationAction, type NotificationType } from '@agora/contracts';

export type PostType = 'question' | 'answer' | 'comment';
/**
 * What a notification is about: a post, a badge awarded, a member someone flagged, or a tag
 * whose suggested edit was approved.
 */
export type NotifiedObjectType = PostType | 'badge_award' | 'user' | 'tag';

/** What a notification mail is about; replies and comments on answers get words of their own. */
export type NoticeKind =
  | 'new_answer'
  | 'new_comment_question'
  | 'new_comment_answer'
  | 'reply'
  | 'invited_to_answer'
  | 'new_question'
  | 'new_question_tags';

/** The notifications that are also mailed (the `inbox` e-mail setting). */
const NOTICE_OF: Partial<Record<NotificationAction, NoticeKind>> = {
  answer_the_question: 'new_answer',
  comment_question: 'new_comment_question',
  comment_answer: 'new_comment_answer',
  reply_to_you: 'reply',
  invited_you_to_answer: 'invited_to_answer',
};

/** Down-votes, reputation changes and badge awards never say who caused them. */
const ANONYMOUS: ReadonlySet<NotificationAction> = new Set([
  'down_voted_question',
  'down_voted_answer',
  'reputation',
  'badge_award',
  'your_flag_was_upheld',
  'your_flag_was_declined',
]);

export function typeOfAction(action: NotificationAction): NotificationType {
  return NOTIFICATION_ACTIONS[action] === 'achievement' ? 'achievement' : 'inbox';
}

export function tabOfAction(action: NotificationAction): string {
  return NOTIFICATION_ACTIONS[action];
}

export function noticeOfAction(action: NotificationAction): NoticeKind | undefined {
  return NOTICE_OF[action];
}

export function isAnonymous(action: NotificationAction): boolean {
  return ANONYMOUS.has(action);
}

export function isNotificationAction(value: string): value is NotificationAction {
  return value in NOTIFICATION_ACTIONS;
}
