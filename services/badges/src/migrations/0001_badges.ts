import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261204_0001_badges';

/**
 * Awards and badge statuses (the inline read model of badges' own events), and what the award rules
 * remember of other services' events: up-vote tallies and the posts they are about.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // One row per award; a deleted member's are withdrawn, never removed, so their keys stay taken.
    await sql`
      create table badge_awards (
        award_id text primary key,
        badge_id text not null,
        user_id text not null,
        award_key text not null,
        object_id text not null,
        object_type text not null,
        question_id text not null,
        answer_id text not null,
        awarded_at timestamptz not null,
        withdrawn boolean not null default false,
        unique (badge_id, user_id, award_key)
      )`.execute(db);
    await sql`create index badge_awards_by_badge on badge_awards (badge_id, awarded_at desc, award_id desc)
              where not withdrawn`.execute(db);
    await sql`create index badge_awards_by_user on badge_awards (user_id, badge_id, awarded_at desc)
              where not withdrawn`.execute(db);
    // The per-post badges a post's author holds for it, looked up with every vote on it (not partial: a
    // prepared statement's generic plan cannot prove a parameter is not '').
    await sql`create index badge_awards_by_key on badge_awards (award_key, user_id)`.execute(db);
    await sql`create table badge_award_counts (badge_id text primary key, award_count integer not null)`.execute(db);
    // Every status change with its time: a fact earns a badge if the badge was active when the fact happened.
    await sql`
      create table badge_status_history (
        event_id text primary key,
        badge_id text not null,
        status text not null check (status in ('active', 'inactive')),
        changed_at timestamptz not null
      )`.execute(db);
    await sql`create index badge_status_history_by_badge on badge_status_history (badge_id, changed_at desc)`.execute(
      db,
    );
    await sql`create table withdrawn_holders (user_id text primary key, withdrawn_at timestamptz not null)`.execute(db);

    // The rules' memory of other services' events (emptied by a rebuild of their projections).
    await sql`create table vote_versions (stream_id text primary key, version integer not null)`.execute(db);
    await sql`create table post_tallies (object_id text primary key, up_votes integer not null)`.execute(db);
    await sql`
      create table post_index (
        object_id text primary key,
        object_type text not null check (object_type in ('question', 'answer')),
        user_id text not null,
        question_id text not null,
        url_title text not null default ''
      )`.execute(db);
  },
};
