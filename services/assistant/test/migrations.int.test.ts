import { describeMigrationFolder, describeMigrationRun, platformKeys } from '@agora/test-support/migrations';
import { assistantMigrationFiles, assistantMigrations } from '../src/migrations';

/** The keys databases have recorded (docs/adr/0046-migrations-one-per-file.md): add new ones, change none. */
const KEYS = [
  '20261207_0001_api_keys',
  '20261207_0002_library',
  '20261207_0003_ai_settings',
  '20261207_0004_conversations',
  '20261207_0005_semantic',
  '20261207_0006_mcp_sessions',
  '20261207_0007_semantic_codes',
  '20261207_0008_library_lookups',
  '20261208_0009_semantic_rebuilds',
];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: assistantMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('assistant', assistantMigrations);
