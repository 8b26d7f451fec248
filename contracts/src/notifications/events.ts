import { Type } from 'typebox';
import { defineEvent } from '../events/envelope';

const Id = Type.String({ minLength: 1 });
export const NOTIFICATION_TYPES = ['inbox', 'achievement'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NotificationTypeSchema = Type.Union([Type.Literal('inbox'), Type.Literal('achievement')]);

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DigestFrequencySchema = Type.Union([Type.Literal('off'), Type.Literal('daily'), Type.Literal('weekly')]);

/**
 * A user's e-mail settings as they stand after the change (the reference's, plus the digest): `inbox` mails
 * answers, comments, replies and invitations; `all_new_question` every new question; `followed_tags` new
 * questions in followed tags; `digest` bundles them into one mail a day or a week. `via`: the settings
 * page, or the one-click unsubscribe link of a mail.
 */
export const EmailSettingsChanged = defineEvent(
  'notifications.email_settings_changed',
  Type.Object({
    user_id: Id,
    inbox: Type.Boolean(),
    all_new_question: Type.Boolean(),
    followed_tags: Type.Boolean(),
    digest: DigestFrequencySchema,
    via: Type.Union([Type.Literal('settings'), Type.Literal('unsubscribe')]),
  }),
);

/** Notifications of one type that the user has now read (one, or every unread one at the time). */
export const NotificationsRead = defineEvent(
  'notifications.read',
  Type.Object({ user_id: Id, type: NotificationTypeSchema, notification_ids: Type.Array(Id) }),
);

/** The user looked at the bell (inbox) or the trophy (achievement): its red dot starts again from zero. */
export const RedDotCleared = defineEvent(
  'notifications.red_dot_cleared',
  Type.Object({ user_id: Id, type: NotificationTypeSchema }),
);

/**
 * A notification was opened for a member: their inbox or achievements hold one more unread. On a stream of its own
 * (`notification-<id>`), written by the statement that opens it, so a replay that opens it again writes none. Live
 * pages tell the member's own streams by it (docs/adr/0099-live-pages.md).
 */
export const NotificationOpened = defineEvent(
  'notifications.notification_opened',
  Type.Object({ notification_id: Id, user_id: Id, type: NotificationTypeSchema }),
);

export const NotificationsEvents = [EmailSettingsChanged, NotificationsRead, RedDotCleared, NotificationOpened];
