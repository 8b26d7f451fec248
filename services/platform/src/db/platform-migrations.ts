import { type Kysely, type Migration, sql } from 'kysely';
import { ACTORS_TOPIC } from '../auth/actor-projection';
import { EVENT_TYPES_IN_NOTIFY_MAX } from '../bus/wakeup';
import { SITE_SETTINGS_TOPIC } from '../site-settings/site-settings';
import { announceKeys, CHANGES_CHANNEL, watchTables, watchTopicTables } from './change-feed';

/**
 * Tables every service owns in its schema. Names sort before the services' timestamped migrations.
 * `transaction_id` orders events by the transaction that wrote them, for the gap-safe read (DESIGN §3).
 */
export const platformMigrations: Record<string, Migration> = {
  '0000_platform_01_event_store': {
    async up(db: Kysely<any>) {
      await sql`
        create table events (
          global_position bigserial primary key,
          transaction_id xid8 not null default pg_current_xact_id(),
          event_id uuid not null unique,
          stream_id text not null,
          stream_version integer not null,
          type text not null,
          data jsonb not null,
          metadata jsonb not null,
          created_at timestamptz not null default now(),
          unique (stream_id, stream_version)
        )`.execute(db);
      await sql`create index events_transaction_order on events (transaction_id, global_position)`.execute(db);
      // Wakes consumers on commit (the channel is EVENTS_CHANNEL); the payload names the producer.
      await sql`
        create function notify_events() returns trigger language plpgsql as $$
        begin
          perform pg_notify('agora_events', tg_table_schema);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger events_notify after insert on events
        for each statement execute function notify_events()`.execute(db);
    },
  },
  '0000_platform_02_consumption': {
    async up(db: Kysely<any>) {
      // Position of a consumer group in a PostgreSQL event log (postgres bus, outbox relay).
      await sql`
        create table checkpoints (
          name text primary key,
          transaction_id xid8 not null default '0',
          global_position bigint not null default 0,
          updated_at timestamptz not null default now()
        )`.execute(db);
      // Offsets of a consumer group in a Kafka topic, written with the read model in one transaction.
      await sql`
        create table kafka_offsets (
          group_id text not null,
          topic text not null,
          partition integer not null,
          next_offset bigint not null,
          last_transaction_id xid8 not null,
          last_global_position bigint not null,
          updated_at timestamptz not null default now(),
          primary key (group_id, topic, partition)
        )`.execute(db);
      await sql`
        create table dead_letters (
          id bigserial primary key,
          projection text not null,
          source text not null,
          event_id text,
          stream_id text,
          stream_version integer,
          type text,
          payload jsonb not null,
          error text not null,
          attempts integer not null,
          parked_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index dead_letters_projection on dead_letters (projection, parked_at)`.execute(db);
      await sql`
        create table projection_state (
          name text primary key,
          paused boolean not null default false,
          updated_at timestamptz not null default now()
        )`.execute(db);
    },
  },
  '0000_platform_03_actors': {
    async up(db: Kysely<any>) {
      // Each service's own copy of identity's facts, for permission checks without calling identity.
      await sql`
        create table actors (
          user_id text primary key,
          username text not null,
          display_name text not null,
          email text not null default '',
          avatar jsonb not null default '{}',
          role_id integer not null,
          status text not null,
          mail_status integer not null,
          suspended_until timestamptz,
          rank integer not null default 0,
          language text not null default 'en_US',
          sessions_valid_after timestamptz,
          changed_at timestamptz not null
        )`.execute(db);
      await sql`create index actors_username on actors (lower(username))`.execute(db);
      await sql`
        create table revoked_sessions (
          session_id text primary key,
          user_id text not null,
          revoked_at timestamptz not null
        )`.execute(db);
      await sql`
        create table signing_keys (
          kid text primary key,
          algorithm text not null,
          public_key text not null,
          private_key text,
          created_at timestamptz not null default now()
        )`.execute(db);
    },
  },
  '0000_platform_04_site_settings': {
    async up(db: Kysely<any>) {
      // Site settings: the site service's inline read model, and every other service's projected copy.
      await sql`
        create table site_settings (
          group_name text primary key,
          values jsonb not null,
          stream_version integer not null
        )`.execute(db);
    },
  },
  '0000_platform_05_change_notify': {
    async up(db: Kysely<any>) {
      // Caches of query results learn of other replicas' commits from this (see ChangeFeed).
      await sql`
        create function notify_read_model_change() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema);
          return null;
        end $$`.execute(db);
      await watchTables(db, ['actors', 'site_settings']);
    },
  },
  '0000_platform_06_actor_reputation': {
    async up(db: Kysely<any>) {
      // Each user's latest reputation from the votes ledger, by ledger stream version: kept apart from the
      // actor rows so that rebuilding either projection keeps the other's facts.
      await sql`
        create table actor_reputation (
          user_id text primary key,
          rank integer not null,
          version integer not null
        )`.execute(db);
    },
  },
  '0000_platform_06_captchas': {
    async up(db: Kysely<any>) {
      // Captchas and the attempt counters that decide when one is due (security/captcha.ts). Identity
      // created these itself before they moved here; `if not exists` keeps its installations going.
      await sql`
        create table if not exists captchas (
          captcha_id text primary key,
          answer text not null,
          expires_at timestamptz not null
        )`.execute(db);
      await sql`
        create table if not exists action_records (
          unit text not null,
          action text not null,
          hits integer not null,
          last_at timestamptz not null,
          primary key (unit, action)
        )`.execute(db);
    },
  },
  '0000_platform_07_change_topics': {
    async up(db: Kysely<any>) {
      // Site settings and actors are read on nearly every request: their caches follow their own tables'
      // changes only (see ChangeFeed.topic), announced as `schema/topic`.
      await sql`
        create function notify_topic_change() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema || '/' || tg_argv[0]);
          return null;
        end $$`.execute(db);
      await watchTopicTables(db, SITE_SETTINGS_TOPIC, ['site_settings']);
      await watchTopicTables(db, ACTORS_TOPIC, ['actors', 'revoked_sessions', 'signing_keys']);
    },
  },
  '0000_platform_08_typed_event_notify': {
    async up(db: Kysely<any>) {
      // The wake-up also names the appended events' types (`schema:type,type`), so that a consumer which
      // applies none of them stays asleep. Too many types for a notification's payload: the schema alone.
      await sql`
        create or replace function notify_events() returns trigger language plpgsql as $$
        declare
          types text;
        begin
          select string_agg(distinct type, ',') into types from appended;
          if types is null or length(types) > ${sql.lit(EVENT_TYPES_IN_NOTIFY_MAX)} then
            perform pg_notify('agora_events', tg_table_schema);
          else
            perform pg_notify('agora_events', tg_table_schema || ':' || types);
          end if;
          return null;
        end $$`.execute(db);
      await sql`drop trigger events_notify on events`.execute(db);
      await sql`
        create trigger events_notify after insert on events referencing new table as appended
        for each statement execute function notify_events()`.execute(db);
    },
  },
  '0000_platform_09_actor_keys': {
    async up(db: Kysely<any>) {
      // The session check is cached per user: a change of one user's row or sessions names that user, so
      // that a vote changing its author's rank empties only the author's entry (ChangeFeed.onKeyChanged).
      await sql`
        create function announce_row_key() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema || '/' || tg_argv[0] || '#' ||
            case when tg_op = 'TRUNCATE' then '*'
                 when tg_op = 'DELETE' then to_jsonb(old) ->> tg_argv[1]
                 else to_jsonb(new) ->> tg_argv[1] end);
          return null;
        end $$`.execute(db);
      await announceKeys(db, ACTORS_TOPIC, ['actors', 'revoked_sessions'], 'user_id');
    },
  },
};
