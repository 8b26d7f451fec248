import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261210_0002_flags';

/** Flags (the inline read model of moderation's flag events): the moderators' queues and each member's open flags. */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table flags (
        flag_id text primary key,
        stream_id text not null,
        object_id text not null,
        object_type text not null check (object_type in ('question', 'answer', 'comment', 'user')),
        question_id text not null,
        object_user_id text not null,
        reporter_id text not null,
        reason_type integer not null,
        content text not null,
        status text not null check (status in ('pending', 'completed', 'ignored')),
        created_at timestamptz not null,
        handler_id text not null default '',
        operation text not null default '',
        handled_at timestamptz
      )`.execute(db);
    // One open flag per member and object (the flag decider's rule, held by the table too).
    await sql`create unique index flags_open_per_member on flags (object_id, reporter_id) where status = 'pending'`.execute(
      db,
    );
    await sql`create index flags_by_status on flags (status, object_type, created_at desc, flag_id desc)`.execute(db);
  },
};
