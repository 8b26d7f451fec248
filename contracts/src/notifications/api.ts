import { type Static, Type } from 'typebox';
import { UserBasicInfoSchema } from '../users/user-basic-info';
import { DigestFrequencySchema } from './events';

/** Inbox tabs (`inbox_type`; the reference's `msg_type`): `all` is every inbox notification. */
export const INBOX_TYPES = ['all', 'posts', 'invites', 'votes'] as const;
export type InboxType = (typeof INBOX_TYPES)[number];

/**
 * Every notification action (i18n key `notification.action.<action>`), and `reputation`
 * and `badge_award` for achievements. The inbox tab each belongs to is fixed by the action.
 * `followed_question_*` tell the followers of a question what happened to it, in words of their own
 * (docs/behaviour-decisions.md).
 */
export const NOTIFICATION_ACTIONS = {
  answer_the_question: 'posts',
  update_question: 'posts',
  update_answer: 'posts',
  accept_answer: 'posts',
  comment_question: 'posts',
  comment_answer: 'posts',
  reply_to_you: 'posts',
  mention_you: 'posts',
  your_question_is_closed: 'posts',
  your_question_was_deleted: 'posts',
  your_answer_was_deleted: 'posts',
  your_comment_was_deleted: 'posts',
  up_voted_question: 'votes',
  down_voted_question: 'votes',
  up_voted_answer: 'votes',
  down_voted_answer: 'votes',
  up_voted_comment: 'votes',
  invited_you_to_answer: 'invites',
  followed_question_answered: 'posts',
  followed_question_edited: 'posts',
  followed_question_answer_edited: 'posts',
  followed_question_answer_accepted: 'posts',
  followed_question_commented: 'posts',
  /** A moderator acted on the member's flag, or found nothing to act on (moderation's flag_handled). */
  your_flag_was_upheld: 'posts',
  your_flag_was_declined: 'posts',
  reputation: 'achievement',
  badge_award: 'achievement',
} as const;
export type NotificationAction = keyof typeof NOTIFICATION_ACTIONS;
export type NotificationTab = (typeof NOTIFICATION_ACTIONS)[NotificationAction];

export const InboxTypeSchema = Type.Union([
  Type.Literal('all'),
  Type.Literal('posts'),
  Type.Literal('invites'),
  Type.Literal('votes'),
]);

/** The reference API's `ObjectInfo`: the object a notification is about; `title` is its question's title. */
export const NotificationObjectInfoSchema = Type.Object({
  title: Type.String(),
  object_id: Type.String(),
  object_map: Type.Record(Type.String(), Type.String()),
  object_type: Type.String(),
});

/**
 * The reference API's `NotificationContent`. `user_info` is absent when the trigger is anonymous (down-votes,
 * achievements). Beyond the reference: `action` (the untranslated key) and `count` (how many events
 * the notification stands for: one per object and action until read).
 */
export const NotificationItemSchema = Type.Object({
  id: Type.String(),
  user_info: Type.Optional(UserBasicInfoSchema),
  object_info: NotificationObjectInfoSchema,
  rank: Type.Integer(),
  notification_action: Type.String(),
  action: Type.String(),
  count: Type.Integer(),
  is_read: Type.Boolean(),
  update_time: Type.Integer(),
});
export type NotificationItem = Static<typeof NotificationItemSchema>;

export const RedDotBadgeAwardSchema = Type.Object({
  notification_id: Type.String(),
  badge_id: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  level: Type.Integer(),
});

/** The reference API's `RedDot`: the header's bell and trophy counters and the review badge. */
export const RedDotSchema = Type.Object({
  inbox: Type.Integer(),
  achievement: Type.Integer(),
  revision: Type.Integer(),
  can_revision: Type.Boolean(),
  badge_award: Type.Union([RedDotBadgeAwardSchema, Type.Null()]),
});
export type RedDot = Static<typeof RedDotSchema>;

/** The reference API's `NotificationChannelConfig`: `email` is the only channel. */
export const NotificationChannelConfigSchema = Type.Object({
  key: Type.Literal('email'),
  enable: Type.Boolean(),
});

/** The reference API's `GetUserNotificationConfigResp`, with the digest frequency beyond the reference. */
export const NotificationConfigSchema = Type.Object({
  inbox: NotificationChannelConfigSchema,
  all_new_question: NotificationChannelConfigSchema,
  all_new_question_for_following_tags: NotificationChannelConfigSchema,
  digest: DigestFrequencySchema,
});
export type NotificationConfig = Static<typeof NotificationConfigSchema>;
