import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as searchReadModel from './0001_search_read_model';
import * as searchAnswerText from './0002_search_answer_text';
import * as searchTitleWalk from './0003_search_title_walk';
import * as searchQuestionFollows from './0004_search_question_follows';
import * as searchPurgedPosts from './0005_search_purged_posts';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const searchMigrationFiles: readonly MigrationFile[] = [
  searchReadModel,
  searchAnswerText,
  searchTitleWalk,
  searchQuestionFollows,
  searchPurgedPosts,
];

export const searchMigrations = migrationsOf(searchMigrationFiles);
