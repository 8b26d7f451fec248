import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as mailOutbox from './0001_mail_outbox';
import * as inbox from './0002_inbox';
import * as announceChanges from './0003_announce_changes';
import * as platformSessionCache from './0004_platform_session_cache';
import * as countersByChangeFeed from './0005_counters_by_change_feed';
import * as questionFollowers from './0006_question_followers';
import * as badgeAwardPopups from './0007_badge_award_popups';
import * as mailRecipientIds from './0008_mail_recipient_ids';
import * as eventsWaitingForPosts from './0009_events_waiting_for_posts';
import * as notificationEventKeysOfEnds from './0010_notification_event_keys_of_ends';

/**
 * In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). The platform's
 * migrations come first: they also create `site_settings`, the projected copy of site's settings.
 */
export const notificationsMigrationFiles: readonly MigrationFile[] = [
  mailOutbox,
  inbox,
  announceChanges,
  platformSessionCache,
  countersByChangeFeed,
  questionFollowers,
  badgeAwardPopups,
  mailRecipientIds,
  eventsWaitingForPosts,
  notificationEventKeysOfEnds,
];

export const notificationsMigrations = migrationsOf(notificationsMigrationFiles);
