/**
 * What a backup keeps of each service's schema, and how a restore makes the rest again
 * (docs/adr/0101-backup-and-restore.md). Every table of every schema has exactly one role; a table no role names
 * fails `launcher/test/backup-restore.int.test.ts`, so a new table is classified when it is added.
 */
import { ownReadModel as assistantOwnReadModel } from '@agora/assistant';
import { ownReadModel as badgesOwnReadModel } from '@agora/badges';
import { usersReadModel } from '@agora/identity';
import { ownReadModel as moderationOwnReadModel } from '@agora/moderation';
import { ownReadModel as notificationsOwnReadModel } from '@agora/notifications';
import { applySiteSettingsEvent, type StoredEvent, siteSettingsProjection, type Tx } from '@agora/platform';
import { postsReadModel } from '@agora/posts';
import { tagsReadModel } from '@agora/tags';
import { ownReadModel as votesOwnReadModel } from '@agora/votes';

/**
 * - `log`: the event store, kept whole.
 * - `state`: what no event holds and a rebuild cannot make (password hashes, sessions, secrets, mail already
 *   promised, a saga's record of what it acted on): kept as it is, consistent with the log in the same snapshot.
 * - `own-log`: the read models a service's commands write in the transaction that appends (inline projections):
 *   rebuilt from the service's own log.
 * - `rebuilt`: the read models of asynchronous projections (and the search index): replayed from position zero.
 * - `transient`: positions, counters of the last minutes, claims and working tables of a run in progress: a fresh
 *   database starts without them.
 */
export type TableRole = 'log' | 'state' | 'own-log' | 'rebuilt' | 'transient';

/** A service's inline read models as one unit, as `rebuildInlineReadModel` takes them. */
export interface OwnLogModel {
  reset(tx: Tx): Promise<void>;
  apply(tx: Tx, event: StoredEvent): Promise<void>;
  applyBatch?(tx: Tx, events: StoredEvent[]): Promise<void>;
}

interface ServicePlan {
  state?: readonly string[];
  ownLog?: { tables: readonly string[]; model: OwnLogModel };
  rebuilt?: readonly string[];
  transient?: readonly string[];
}

/** The tables the platform gives every service's schema (DESIGN §3), unless the service's plan says otherwise. */
const PLATFORM: Readonly<Record<string, TableRole>> = {
  events: 'log',
  // The shared copies of actors, sessions revoked, signing keys' public halves and site settings.
  actors: 'rebuilt',
  actor_reputation: 'rebuilt',
  revoked_sessions: 'rebuilt',
  signing_keys: 'rebuilt',
  site_settings: 'rebuilt',
  checkpoints: 'transient',
  kafka_offsets: 'transient',
  projection_state: 'transient',
  // Set aside again by the replay if they still fail.
  dead_letters: 'transient',
  kysely_migration: 'transient',
  kysely_migration_lock: 'transient',
  captchas: 'transient',
  action_records: 'transient',
  // A retry's answer is kept for 24 hours (docs/adr/0093-idempotent-writes.md): not across a restore.
  idempotent_requests: 'transient',
  // An import's working table, emptied when it ends (a backup refuses an unfinished import).
  import_posts: 'transient',
};

const site: OwnLogModel = {
  reset: (tx) => siteSettingsProjection.reset(tx),
  apply: applySiteSettingsEvent,
};

export const BACKUP_PLAN: Readonly<Record<string, ServicePlan>> = {
  site: {
    // Where an imported site's old upload addresses lead.
    state: ['imported_files'],
    ownLog: { tables: ['site_settings'], model: site },
    rebuilt: [
      'assistant_switches',
      'plugin_connectors',
      'dashboard_answers',
      'dashboard_comments',
      'dashboard_members',
      'dashboard_pending_edits',
      'dashboard_questions',
      'dashboard_reputation',
      'dashboard_votes',
    ],
  },
  identity: {
    // Password hashes (docs/adr/0011-secrets-and-events.md), sessions, link codes not yet used, the private signing
    // key (tokens signed before the backup still verify), the external logins' settings row and client secrets.
    state: ['credentials', 'sessions', 'account_codes', 'signing_keys', 'connectors', 'connector_secrets'],
    ownLog: { tables: ['users', 'external_logins'], model: usersReadModel },
    rebuilt: ['member_posts'],
    // A login trip through a provider lives minutes.
    transient: ['connector_bindings', 'connector_states', 'rate_limits'],
  },
  posts: {
    // How the imported site's old links number their objects.
    state: ['import_legacy_ids'],
    ownLog: {
      tables: [
        'questions',
        'question_tags',
        'known_tags',
        'answers',
        'comments',
        'revisions',
        'activity',
        'question_follows',
        'question_links',
        // Kept by triggers on questions and answers.
        'post_status_counts',
      ],
      model: postsReadModel,
    },
    rebuilt: ['question_titles', 'tag_catalog', 'tag_follows'],
    transient: ['import_tags'],
  },
  votes: {
    // The ledger saga's record of the events it turned into reputation: without it a replay would grant it twice.
    state: ['ledger_inbox'],
    ownLog: {
      tables: ['votes', 'bookmarks', 'anonymous_vote_counts', 'reactions', 'reputations', 'ledger_entries'],
      model: votesOwnReadModel,
    },
    rebuilt: ['ledger_objects', 'questions', 'answers', 'comments', 'question_follows'],
    transient: ['import_reputation_totals'],
  },
  tags: {
    // The tag-creation saga's progress per question (what it has decided already).
    state: ['tag_creation_progress'],
    ownLog: { tables: ['tags', 'tag_revisions', 'tag_follows', 'tag_listing'], model: tagsReadModel },
    rebuilt: ['question_tag_state', 'question_tag_links'],
  },
  search: {
    rebuilt: [
      'search_posts',
      'search_tags',
      'search_votes',
      'search_bookmarks',
      'search_post_counts',
      'search_question_follows',
      // The PostgreSQL index itself: `search reindex` writes it after the replay.
      'search_documents',
    ],
    transient: ['search_reindex'],
  },
  badges: {
    ownLog: {
      tables: ['badge_awards', 'badge_award_counts', 'badge_status_history', 'withdrawn_holders'],
      model: badgesOwnReadModel,
    },
    rebuilt: ['post_index', 'post_tallies', 'vote_versions'],
  },
  moderation: {
    ownLog: { tables: ['flags', 'review_decisions', 'review_skips', 'held_decisions'], model: moderationOwnReadModel },
    rebuilt: ['held_posts', 'moderated_objects', 'review_items'],
  },
  notifications: {
    // Mail already promised (a replay meets its rows and sends nothing twice), digests waiting, the last digest
    // sent, the new-question notices of the day, the key that signs unsubscribe links.
    state: ['mail_outbox', 'digest_items', 'digest_state', 'new_question_notices', 'notification_secrets'],
    ownLog: { tables: ['notification_settings', 'notification_reads'], model: notificationsOwnReadModel },
    rebuilt: [
      'notifications',
      'notification_counters',
      'notification_event_keys',
      'vote_notices',
      'events_waiting_for_posts',
      'post_index',
      'question_followers',
      'tag_follows',
      'tag_names',
      'recipient_status',
    ],
  },
  assistant: {
    // The AI providers' keys and when each API key was last used.
    state: ['ai_provider_keys', 'api_key_use'],
    ownLog: {
      tables: ['api_keys', 'assistant_switches', 'ai_settings', 'ai_conversations', 'ai_records'],
      model: assistantOwnReadModel,
    },
    // The semantic vectors too: the embedder asks the provider for them again after a restore.
    rebuilt: [
      'library_posts',
      'library_comments',
      'library_tags',
      'library_votes',
      'semantic_queue',
      'semantic_vectors',
      'semantic_codes',
      'semantic_codes_staged',
      'semantic_centroids',
      'semantic_rebuilds',
    ],
    transient: ['mcp_sessions'],
  },
};

/** A table's role in its service's schema, or undefined for a table the plan does not know. */
export function roleOf(service: string, table: string): TableRole | undefined {
  const plan = BACKUP_PLAN[service];
  if (!plan) return undefined;
  if (plan.state?.includes(table)) return 'state';
  if (plan.ownLog?.tables.includes(table)) return 'own-log';
  if (plan.rebuilt?.includes(table)) return 'rebuilt';
  if (plan.transient?.includes(table)) return 'transient';
  return PLATFORM[table];
}

/** The tables a backup of the service holds: its log first, then its state. */
export function keptTables(service: string): string[] {
  return ['events', ...(BACKUP_PLAN[service]?.state ?? [])];
}

/** The service's inline read models, rebuilt from its own log by a restore (none for a service without). */
export function ownLogModelOf(service: string): OwnLogModel | undefined {
  return BACKUP_PLAN[service]?.ownLog?.model;
}
