import { describeMigrationFolder, describeMigrationRun, platformKeys } from '@agora/test-support/migrations';
import { votesMigrationFiles, votesMigrations } from '../src/migrations';

/** The keys databases have recorded (docs/adr/0046-migrations-one-per-file.md): add new ones, change none. */
const KEYS = [
  '20261201_0001_post_facts',
  '20261201_0002_votes_and_bookmarks',
  '20261201_0003_reputation_ledger',
  '20261202_0004_post_facts_topic',
  '20261210_0005_reactions',
  '20261210_0006_question_follows',
  '20261226_0007_ledger_entries_post_deleted',
  '20261228_0008_imports',
];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: votesMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('votes', votesMigrations);
