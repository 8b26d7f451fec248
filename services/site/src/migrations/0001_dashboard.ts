import { watchTopicTables } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0001_dashboard';

/**
 * The admin dashboard's read model, projected from posts', votes' and identity's events: one row per
 * question, answer, comment, vote, pending edit, member and reputation change, each written so that an
 * event applied twice changes nothing.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table dashboard_questions (
        question_id text primary key,
        asked_at timestamptz not null,
        deleted boolean not null default false,
        hidden boolean not null default false,
        accepted boolean not null default false,
        answer_count integer not null default 0
      )`.execute(db);
    await sql`create index dashboard_questions_by_day on dashboard_questions (asked_at)`.execute(db);
    await sql`
      create table dashboard_answers (
        answer_id text primary key,
        question_id text not null,
        posted_at timestamptz not null,
        deleted boolean not null default false
      )`.execute(db);
    await sql`create index dashboard_answers_by_day on dashboard_answers (posted_at)`.execute(db);
    await sql`
      create table dashboard_comments (comment_id text primary key, deleted boolean not null default false)`.execute(
      db,
    );
    // One row per voter and post: whether the vote stands, and when it was last cast.
    await sql`
      create table dashboard_votes (
        user_id text not null,
        object_id text not null,
        object_type text not null,
        standing boolean not null,
        cast_at timestamptz not null,
        primary key (user_id, object_id)
      )`.execute(db);
    await sql`create index dashboard_votes_by_time on dashboard_votes (cast_at) where standing`.execute(db);
    await sql`create table dashboard_pending_edits (revision_id text primary key)`.execute(db);
    await sql`
      create table dashboard_members (user_id text primary key, joined_at timestamptz not null)`.execute(db);
    await sql`create index dashboard_members_by_day on dashboard_members (joined_at)`.execute(db);
    await sql`
      create table dashboard_reputation (
        event_id text primary key,
        user_id text not null,
        delta integer not null,
        changed_at timestamptz not null
      )`.execute(db);
    await sql`create index dashboard_reputation_by_time on dashboard_reputation (changed_at)`.execute(db);
    await watchTopicTables(db, 'dashboard', [
      'dashboard_questions',
      'dashboard_answers',
      'dashboard_comments',
      'dashboard_votes',
      'dashboard_pending_edits',
      'dashboard_members',
      'dashboard_reputation',
    ]);
  },
};
