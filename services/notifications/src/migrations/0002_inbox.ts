import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261201_0001_inbox';

/**
 * The inbox, its counters and what it is built from. Tables fed by other services' events are emptied by
 * a rebuild; the ones fed by this service's own events (reads, red dots, settings) and the record of mail
 * already promised (new-question notices, digest items) are kept, so a replay meets them again.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Who wrote what (posts' events): whom to notify, and each notification's title and object map.
    await sql`
      create table post_index (
        object_id text primary key,
        object_type text not null check (object_type in ('question', 'answer', 'comment')),
        user_id text not null,
        question_id text not null,
        answer_id text,
        parent_id text,
        title text not null default '',
        url_title text not null default '',
        mentions text[] not null default '{}'
      )`.execute(db);

    // One row per (receiver, grouped object, action) until it is read; `id` is derived from the event
    // that opened it, so a replay gives the same ids. `count`: events it stands for; `rank`: reputation.
    await sql`
      create table notifications (
        id text primary key,
        user_id text not null,
        type text not null check (type in ('inbox', 'achievement')),
        tab text not null,
        action text not null,
        group_key text not null,
        object_id text not null,
        object_type text not null,
        question_id text not null,
        trigger_user_id text,
        count integer not null default 1,
        rank integer not null default 0,
        source text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index notifications_by_type on notifications (user_id, type, updated_at desc, id desc)`.execute(
      db,
    );
    await sql`create index notifications_by_tab on notifications (user_id, tab, updated_at desc, id desc)`.execute(db);
    await sql`create index notifications_group on notifications (user_id, group_key, action, created_at desc)`.execute(
      db,
    );
    // Each (event, receiver, action) counted once, whatever redelivers the event.
    await sql`create table notification_event_keys (event_key text primary key, source text not null)`.execute(db);

    // The red dots: read by every poll as one row. Counts are kept by the writers; `*_cleared_at` are the
    // user's, so only notifications opened after the last look count.
    await sql`
      create table notification_counters (
        user_id text primary key,
        inbox integer not null default 0,
        achievement integer not null default 0,
        inbox_cleared_at timestamptz not null default '-infinity',
        achievement_cleared_at timestamptz not null default '-infinity'
      )`.execute(db);
    await sql`
      create table notification_reads (
        notification_id text primary key,
        user_id text not null,
        read_at timestamptz not null
      )`.execute(db);
    await sql`
      create table notification_settings (
        user_id text primary key,
        inbox boolean not null,
        all_new_question boolean not null,
        followed_tags boolean not null,
        digest text not null check (digest in ('off', 'daily', 'weekly'))
      )`.execute(db);

    // Votes: a voter's first vote in each direction on an object is the only one that notifies.
    await sql`
      create table vote_notices (
        voter_id text not null,
        object_id text not null,
        direction text not null,
        primary key (object_id, voter_id, direction)
      )`.execute(db);
    // Identity: when users were suspended or deleted, so that a replay decides as live did.
    await sql`
      create table recipient_status (
        event_id text primary key,
        user_id text not null,
        at timestamptz not null,
        status text not null,
        until timestamptz
      )`.execute(db);
    await sql`create index recipient_status_user on recipient_status (user_id, at desc)`.execute(db);
    // Tags: slugs to tag ids (synonyms to their main tag) and who follows which.
    await sql`
      create table tag_names (tag_id text primary key, slug_name text not null, main_tag_id text)`.execute(db);
    await sql`create index tag_names_slug on tag_names (slug_name)`.execute(db);
    await sql`
      create table tag_follows (user_id text not null, tag_id text not null, primary key (tag_id, user_id))`.execute(
      db,
    );

    // Mail promised: new-question notices (the weekly cap counts them) and digest items, kept after they
    // are sent so that a replayed event finds its item and queues nothing twice.
    await sql`
      create table new_question_notices (
        user_id text not null,
        question_id text not null,
        via text not null check (via in ('all', 'tags')),
        at timestamptz not null,
        primary key (user_id, question_id)
      )`.execute(db);
    await sql`create index new_question_notices_cap on new_question_notices (user_id, at) where via = 'all'`.execute(
      db,
    );
    await sql`
      create table digest_items (
        item_id bigserial primary key,
        user_id text not null,
        dedupe_key text not null unique,
        payload jsonb not null,
        occurred_at timestamptz not null,
        sent_at timestamptz
      )`.execute(db);
    await sql`create index digest_items_waiting on digest_items (user_id, item_id) where sent_at is null`.execute(db);
    await sql`create table digest_state (user_id text primary key, last_sent_at timestamptz not null)`.execute(db);
    // The key that signs unsubscribe links, made once per installation.
    await sql`create table notification_secrets (name text primary key, secret text not null)`.execute(db);
  },
};
