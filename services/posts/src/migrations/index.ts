import { type MigrationFile, migrationsOf } from '@agora/platform';
import * as posts from './0001_posts';
import * as invitations from './0002_invitations';
import * as activityCancelledAt from './0003_activity_cancelled_at';
import * as activeListCoversCreation from './0004_active_list_covers_creation';
import * as readModelChanges from './0005_read_model_changes';
import * as tagCatalog from './0006_tag_catalog';
import * as tagCatalogChanges from './0007_tag_catalog_changes';
import * as questionFollows from './0008_question_follows';
import * as questionLinks from './0009_question_links';
import * as activityReason from './0010_activity_reason';
import * as adminContentLists from './0011_admin_content_lists';
import * as profileLists from './0012_profile_lists';
import * as profileListsOwn from './0013_profile_lists_own';
import * as adminContentSearch from './0014_admin_content_search';
import * as postStatusCounts from './0015_post_status_counts';
import * as postStatusMoves from './0016_post_status_moves';
import * as titleTrigramsWithoutPendingList from './0017_title_trigrams_without_pending_list';
import * as memberListsOneIndexPerOrder from './0018_member_lists_one_index_per_order';
import * as questionTitlesKeptApart from './0019_question_titles_kept_apart';
import * as importKeeping from './0020_import_keeping';
import * as tagFollows from './0021_tag_follows';

/** In run order: file number, list and key order agree (docs/adr/0046-migrations-one-per-file.md). */
export const postsMigrationFiles: readonly MigrationFile[] = [
  posts,
  invitations,
  activityCancelledAt,
  activeListCoversCreation,
  readModelChanges,
  tagCatalog,
  tagCatalogChanges,
  questionFollows,
  questionLinks,
  activityReason,
  adminContentLists,
  profileLists,
  profileListsOwn,
  adminContentSearch,
  postStatusCounts,
  postStatusMoves,
  titleTrigramsWithoutPendingList,
  memberListsOneIndexPerOrder,
  questionTitlesKeptApart,
  importKeeping,
  tagFollows,
];

export const postsMigrations = migrationsOf(postsMigrationFiles);
