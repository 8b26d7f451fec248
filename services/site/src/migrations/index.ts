import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as dashboard from './0001_dashboard';
import * as pluginConnectors from './0002_plugin_connectors';
import * as answersByQuestion from './0003_answers_by_question';
import * as importedFiles from './0004_imported_files';
import * as assistantSwitches from './0005_assistant_switches';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const siteMigrationFiles: readonly MigrationFile[] = [
  dashboard,
  pluginConnectors,
  answersByQuestion,
  importedFiles,
  assistantSwitches,
];

export const siteMigrations = migrationsOf(siteMigrationFiles);
