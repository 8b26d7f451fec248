import { type Kysely, type Migration, sql } from 'kysely';
import { COUNTED_TABLES, STATUS_COUNT_SHARDS } from './0015_post_status_counts';

export const key = '20261227_0012_post_status_moves';

/**
 * A post's change of status is counted by a row trigger that fires only when the status changed, instead of the
 * statement trigger of migration 0015 that captured every updated row of every update: a vote's `vote_count`, an
 * edit, a view-count flush each paid for the capture and the comparison (a vote's update of its question cost
 * twice as long). Inserts and deletes keep their statement triggers. A status changes one post per statement
 * (the projection applies one event at a time), so the counter rows are not rewritten in long runs.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create function count_post_status_move() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into post_status_counts as c (kind, status, shard, n)
        values (tg_argv[0], old.status, pg_backend_pid() % ${sql.lit(STATUS_COUNT_SHARDS)}, -1),
               (tg_argv[0], new.status, pg_backend_pid() % ${sql.lit(STATUS_COUNT_SHARDS)}, 1)
        on conflict (kind, status, shard) do update set n = c.n + excluded.n;
        return null;
      end $$`.execute(db);
    for (const [table, kind] of COUNTED_TABLES) {
      // `_count_status_change` is a draft of 0015's (a row trigger) that development databases of 2026-11-26 may hold.
      for (const replaced of [`${table}_count_status_changed`, `${table}_count_status_change`])
        await sql`drop trigger if exists ${sql.id(replaced)} on ${sql.table(table)}`.execute(db);
      await sql`
        create trigger ${sql.id(`${table}_count_status_moved`)} after update of status on ${sql.table(table)}
        for each row when (old.status is distinct from new.status)
        execute function count_post_status_move(${sql.lit(kind)})`.execute(db);
    }
  },
};
