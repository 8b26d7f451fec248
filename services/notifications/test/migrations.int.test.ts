import { describeMigrationFolder, describeMigrationRun, platformKeys } from '@agora/test-support/migrations';
import { notificationsMigrationFiles, notificationsMigrations } from '../src/migrations';

/** The keys databases have recorded (docs/adr/0046-migrations-one-per-file.md): add new ones, change none. */
const KEYS = [
  '20261122_0001_mail_outbox',
  '20261201_0001_inbox',
  '20261201_0002_announce_changes',
  '20261201_0003_platform_session_cache',
  '20261201_0004_counters_by_change_feed',
  '20261201_0005_question_followers',
  '20261204_0007_badge_award_popups',
  '20261226_0008_mail_recipient_ids',
  '20261227_0009_events_waiting_for_posts',
  '20261227_0010_notification_event_keys_of_ends',
];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: notificationsMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('notifications', notificationsMigrations);
