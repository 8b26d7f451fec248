import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as postFacts from './0001_post_facts';
import * as votesAndBookmarks from './0002_votes_and_bookmarks';
import * as reputationLedger from './0003_reputation_ledger';
import * as postFactsTopic from './0004_post_facts_topic';
import * as reactions from './0005_reactions';
import * as questionFollows from './0006_question_follows';
import * as ledgerEntriesPostDeleted from './0007_ledger_entries_post_deleted';
import * as imports from './0008_imports';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const votesMigrationFiles: readonly MigrationFile[] = [
  postFacts,
  votesAndBookmarks,
  reputationLedger,
  postFactsTopic,
  reactions,
  questionFollows,
  ledgerEntriesPostDeleted,
  imports,
];

export const votesMigrations = migrationsOf(votesMigrationFiles);
