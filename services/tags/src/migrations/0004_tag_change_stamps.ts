import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261203_0004_tag_change_stamps';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Each write of a tag row is stamped with its transaction and a sequence number, so the in-memory
    // tag name index (queries/tag-name-index.ts) reads only what changed since it last looked, in the
    // gap-safe order of the event log. `generation` moves when a rebuild empties the table.
    await sql`create sequence tags_change_seq`.execute(db);
    await sql`alter table tags add column changed_tx xid8 not null default pg_current_xact_id(),
              add column changed_seq bigint not null default nextval('tags_change_seq')`.execute(db);
    await sql`
      create function stamp_tag_change() returns trigger language plpgsql as $$
      begin
        new.changed_tx := pg_current_xact_id();
        new.changed_seq := nextval('tags_change_seq');
        return new;
      end $$`.execute(db);
    await sql`create trigger tags_stamp_change before insert or update on tags
              for each row execute function stamp_tag_change()`.execute(db);
    await sql`create index tags_changes on tags (changed_tx, changed_seq)`.execute(db);
    await sql`alter table tag_listing add column generation integer not null default 0`.execute(db);
  },
};
