import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261201_0002_announce_changes';

/** A change of a user's red-dot counters named the user on this channel until migration 0005. */
const COUNTERS_CHANNEL = 'agora_notification_counters';
/** A change of a user's actor row or sessions named the user on this channel (`*`: everyone) until migration 0004. */
const ACTORS_CHANNEL = 'agora_notification_actors';

/**
 * Row triggers that announce, at commit, whose red dot or whose session facts changed, so that the
 * copies a poll reads from memory stay exact in every replica. Emptied actor tables announce everyone
 * (counter rows are never emptied: a rebuild counts them again row by row).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create function announce_counter_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(COUNTERS_CHANNEL)}, coalesce(new.user_id, old.user_id));
        return null;
      end $$`.execute(db);
    await sql`
      create trigger notification_counters_announce after insert or update or delete on notification_counters
      for each row execute function announce_counter_change()`.execute(db);
    await sql`
      create function announce_actor_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(ACTORS_CHANNEL)}, case when tg_op = 'TRUNCATE' then '*'
                                                        else coalesce(new.user_id, old.user_id) end);
        return null;
      end $$`.execute(db);
    for (const table of ['actors', 'revoked_sessions']) {
      await sql`
        create trigger ${sql.id(`${table}_announce_user`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function announce_actor_change()`.execute(db);
      await sql`
        create trigger ${sql.id(`${table}_announce_all`)} after truncate on ${sql.table(table)}
        for each statement execute function announce_actor_change()`.execute(db);
    }
  },
};
