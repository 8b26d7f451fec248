import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as apiKeys from './0001_api_keys';
import * as library from './0002_library';
import * as aiSettings from './0003_ai_settings';
import * as conversations from './0004_conversations';
import * as semantic from './0005_semantic';
import * as mcpSessions from './0006_mcp_sessions';
import * as semanticCodes from './0007_semantic_codes';
import * as libraryLookups from './0008_library_lookups';
import * as semanticRebuilds from './0009_semantic_rebuilds';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const assistantMigrationFiles: readonly MigrationFile[] = [
  apiKeys,
  library,
  aiSettings,
  conversations,
  semantic,
  mcpSessions,
  semanticCodes,
  libraryLookups,
  semanticRebuilds,
];

export const assistantMigrations = migrationsOf(assistantMigrationFiles);
