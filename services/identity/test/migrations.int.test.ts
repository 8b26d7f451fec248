import { describeMigrationFolder, describeMigrationRun, platformKeys } from '@agora/test-support/migrations';
import { identityMigrationFiles, identityMigrations } from '../src/migrations';

/** The keys databases have recorded (docs/adr/0046-migrations-one-per-file.md): add new ones, change none. */
const KEYS = [
  '20261122_0001_accounts',
  '20261126_0002_member_posts',
  '20261126_0003_member_time_zone',
  '20261126_0004_connectors',
  '20261126_0005_connector_expiry',
  '20261227_0006_users_announce_changes',
  '20261227_0011_members_announce_keys',
  '20261227_0013_member_search_trigrams',
  '20261227_0017_connector_state_browsers',
  '20261228_0018_users_without_email',
];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: identityMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('identity', identityMigrations);
