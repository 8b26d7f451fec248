import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as accounts from './0001_accounts';
import * as memberPosts from './0002_member_posts';
import * as memberTimeZone from './0003_member_time_zone';
import * as connectors from './0004_connectors';
import * as connectorExpiry from './0005_connector_expiry';
import * as usersAnnounceChanges from './0006_users_announce_changes';
import * as membersAnnounceKeys from './0007_members_announce_keys';
import * as memberSearchTrigrams from './0008_member_search_trigrams';
import * as connectorStateBrowsers from './0009_connector_state_browsers';
import * as usersWithoutEmail from './0010_users_without_email';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const identityMigrationFiles: readonly MigrationFile[] = [
  accounts,
  memberPosts,
  memberTimeZone,
  connectors,
  connectorExpiry,
  usersAnnounceChanges,
  membersAnnounceKeys,
  memberSearchTrigrams,
  connectorStateBrowsers,
  usersWithoutEmail,
];

export const identityMigrations = migrationsOf(identityMigrationFiles);
