import { describeMigrationFolder, describeMigrationRun } from '@agora/test-support/migrations';
import { describe, expect, it } from 'vitest';
import { migrationsOf } from '../src/db/migration-files';
import { platformMigrationFiles } from '../src/migrations';

/**
 * The keys databases have recorded (docs/adr/0046-migrations-one-per-file.md): add new ones, change none.
 * The two `_06_` keys sort by their name part: actor_reputation (file 0006) runs before captchas (0007).
 */
const KEYS = [
  '0000_platform_01_event_store',
  '0000_platform_02_consumption',
  '0000_platform_03_actors',
  '0000_platform_04_site_settings',
  '0000_platform_05_change_notify',
  '0000_platform_06_actor_reputation',
  '0000_platform_06_captchas',
  '0000_platform_07_change_topics',
  '0000_platform_08_typed_event_notify',
  '0000_platform_09_actor_keys',
  '0000_platform_10_tally_changes',
  '0000_platform_11_idempotent_requests',
];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: platformMigrationFiles,
  keys: KEYS,
});
// A service without migrations of its own (site): the platform's alone.
describeMigrationRun('site', {});

describe('migrationsOf', () => {
  it('refuses a key listed twice', () => {
    const file = { key: '20990101_0001_twice', migration: { up: async () => {} } };
    expect(() => migrationsOf([file, { ...file }])).toThrow('Migration key 20990101_0001_twice is listed twice');
  });
});
