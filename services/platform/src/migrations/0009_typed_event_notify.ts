import { type Kysely, type Migration, sql } from 'kysely';
import { EVENT_TYPES_IN_NOTIFY_MAX } from '../bus/wakeup';

export const key = '0000_platform_08_typed_event_notify';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
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
};
