import { type MigrationFile, migrationsOf } from '../db/migration-files';
import * as eventStore from './0001_event_store';
import * as consumption from './0002_consumption';
import * as actors from './0003_actors';
import * as siteSettings from './0004_site_settings';
import * as changeNotify from './0005_change_notify';
import * as actorReputation from './0006_actor_reputation';
import * as captchas from './0007_captchas';
import * as changeTopics from './0008_change_topics';
import * as typedEventNotify from './0009_typed_event_notify';
import * as actorKeys from './0010_actor_keys';
import * as tallyChanges from './0011_tally_changes';
import * as idempotentRequests from './0012_idempotent_requests';

/**
 * Tables every service owns in its schema, in run order. Their keys (`0000_platform_*`) sort before the
 * services' timestamped ones, so these run first.
 */
export const platformMigrationFiles: readonly MigrationFile[] = [
  eventStore,
  consumption,
  actors,
  siteSettings,
  changeNotify,
  actorReputation,
  captchas,
  changeTopics,
  typedEventNotify,
  actorKeys,
  tallyChanges,
  idempotentRequests,
];

export const platformMigrations = migrationsOf(platformMigrationFiles);
