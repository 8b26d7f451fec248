import type { NotificationConfig } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';
import { DEFAULT_EMAIL_SETTINGS, type EmailSettings } from '../domain/settings/decider';

/** `user/notification/config`: the user's choices, or the defaults while they have made none. */
export async function notificationConfig(db: Db, userId: string): Promise<NotificationConfig> {
  const { rows } = await sql<EmailSettings>`
    select inbox, all_new_question, followed_tags, digest from notification_settings where user_id = ${userId}`.execute(
    db,
  );
  const s = rows[0] ?? DEFAULT_EMAIL_SETTINGS;
  return {
    inbox: { key: 'email', enable: s.inbox },
    all_new_question: { key: 'email', enable: s.all_new_question },
    all_new_question_for_following_tags: { key: 'email', enable: s.followed_tags },
    digest: s.digest,
  };
}
