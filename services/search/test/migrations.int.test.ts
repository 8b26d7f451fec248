import { describeMigrationFolder, describeMigrationRun, platformKeys } from '@agora/test-support/migrations';
import { searchMigrationFiles, searchMigrations } from '../src/migrations';

/** The keys databases have recorded (docs/adr/0046-migrations-one-per-file.md): add new ones, change none. */
const KEYS = [
  '20261126_0001_search_read_model',
  '20261127_0001_search_answer_text',
  '20261128_0001_search_title_walk',
  '20261210_0001_search_question_follows',
  '20261226_0001_search_purged_posts',
];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: searchMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('search', searchMigrations);
