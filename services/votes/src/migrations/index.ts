import { watchTopicTables } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';
import { POST_FACTS_TOPIC } from '../projections/post-facts/projection';

export const votesMigrations: Record<string, Migration> = {
  '20261201_0001_post_facts': {
    async up(db: Kysely<any>) {
      // What votes knows of posts (projection of posts' events): owners, status, what pages show.
      await sql`
        create table questions (
          id text primary key,
          user_id text not null,
          title text not null,
          url_title text not null,
          content text not null,
          html text not null,
          description text not null,
          tags jsonb not null,
          status smallint not null default 1,
          pin smallint not null default 1,
          show smallint not null default 1,
          accepted_answer_id text,
          view_count integer not null default 0,
          unique_view_count integer not null default 0,
          last_edit_user_id text,
          edited_at timestamptz,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`
        create table answers (
          id text primary key,
          question_id text not null,
          user_id text not null,
          description text not null,
          status smallint not null default 1,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index answers_question on answers (question_id, created_at)`.execute(db);
      await sql`
        create table comments (
          id text primary key,
          object_id text not null,
          question_id text not null,
          user_id text not null,
          description text not null,
          status smallint not null default 1,
          created_at timestamptz not null
        )`.execute(db);
    },
  },
  '20261201_0002_votes_and_bookmarks': {
    async up(db: Kysely<any>) {
      // Inline read model of the (voter, object) vote streams: one row per active vote.
      await sql`
        create table votes (
          object_id text not null,
          user_id text not null,
          direction smallint not null,
          object_type text not null,
          question_id text not null,
          owner_id text not null,
          voted_at timestamptz not null,
          primary key (object_id, user_id)
        )`.execute(db);
      await sql`create index votes_user on votes (user_id, voted_at desc)`.execute(db);
      await sql`create index votes_user_question on votes (user_id, question_id)`.execute(db);
      await sql`create index votes_recent on votes (voted_at)`.execute(db);
      await sql`
        create table bookmarks (
          object_id text not null,
          user_id text not null,
          object_type text not null,
          question_id text not null,
          created_at timestamptz not null,
          primary key (object_id, user_id)
        )`.execute(db);
      await sql`create index bookmarks_user on bookmarks (user_id, created_at desc)`.execute(db);
      await sql`create index bookmarks_user_question on bookmarks (user_id, question_id)`.execute(db);
    },
  },
  '20261201_0003_reputation_ledger': {
    async up(db: Kysely<any>) {
      // Inline read model of the ledger streams (reputation-<user id>): rebuilt from them alone.
      await sql`
        create table reputations (
          user_id text primary key,
          reputation integer not null,
          version integer not null
        )`.execute(db);
      await sql`
        create table ledger_entries (
          entry_id text primary key,
          user_id text not null,
          object_id text not null,
          question_id text not null,
          reason text not null,
          amount integer not null,
          state text not null,
          trigger_user_id text,
          granted_at timestamptz not null
        )`.execute(db);
      await sql`create index ledger_entries_object on ledger_entries (object_id)`.execute(db);
      await sql`create index ledger_entries_user on ledger_entries (user_id, granted_at desc)`.execute(db);
      await sql`create index ledger_entries_recent on ledger_entries (granted_at) where state = 'active'`.execute(db);
      // The ledger's own knowledge of posts (owners, deleted or not), kept by its process, not rebuilt.
      await sql`
        create table ledger_objects (
          object_id text primary key,
          owner_id text not null,
          question_id text not null,
          deleted boolean not null default false
        )`.execute(db);
      // Source events the ledger has acted on: a redelivered one changes nothing twice.
      await sql`create table ledger_inbox (event_id text primary key, seen_at timestamptz not null default now())`.execute(
        db,
      );
    },
  },
  '20261202_0004_post_facts_topic': {
    async up(db: Kysely<any>) {
      // Votes look up their target on every vote: the lookups are kept until posts' facts change.
      await watchTopicTables(db, POST_FACTS_TOPIC, ['questions', 'answers', 'comments']);
    },
  },
};
