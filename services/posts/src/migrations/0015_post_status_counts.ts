import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261227_0008_post_status_counts';

/** Rows a kind's count is spread over, so that concurrent writers seldom wait on one counter row. */
export const STATUS_COUNT_SHARDS = 16;

/**
 * How many questions and answers there are of each status, kept by triggers as the rows change, so the admin's
 * content lists answer their totals without counting 100,000s of rows (an answers count took 50–180 ms). A writer
 * adds to the row of its connection's shard; a count sums a kind's shards. Emptying a table (a rebuild) empties
 * its counts. The functions keep the migration's search path, so a writer whose connection names another schema
 * (an operator's psql, a bulk load) still finds the counts table.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table post_status_counts (
        kind text not null,
        status int not null,
        shard int not null,
        n bigint not null,
        primary key (kind, status, shard)
      )`.execute(db);
    await sql`
      create function count_post_status() returns trigger language plpgsql set search_path from current as $$
      declare
        my_shard int := pg_backend_pid() % ${sql.lit(STATUS_COUNT_SHARDS)};
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update post_status_counts set n = n - 1 where kind = tg_argv[0] and status = old.status and shard = my_shard;
          if not found then
            insert into post_status_counts (kind, status, shard, n) values (tg_argv[0], old.status, my_shard, -1);
          end if;
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          insert into post_status_counts as c (kind, status, shard, n) values (tg_argv[0], new.status, my_shard, 1)
            on conflict (kind, status, shard) do update set n = c.n + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create function forget_post_status_counts() returns trigger language plpgsql set search_path from current as $$
      begin
        delete from post_status_counts where kind = tg_argv[0];
        return null;
      end $$`.execute(db);
    for (const [table, kind] of [
      ['questions', 'question'],
      ['answers', 'answer'],
    ] as const) {
      await sql`
        create trigger ${sql.id(`${table}_count_status`)} after insert or delete on ${sql.table(table)}
        for each row execute function count_post_status(${sql.lit(kind)})`.execute(db);
      await sql`
        create trigger ${sql.id(`${table}_count_status_change`)} after update of status on ${sql.table(table)}
        for each row when (old.status is distinct from new.status)
        execute function count_post_status(${sql.lit(kind)})`.execute(db);
      await sql`
        create trigger ${sql.id(`${table}_forget_status_counts`)} after truncate on ${sql.table(table)}
        for each statement execute function forget_post_status_counts(${sql.lit(kind)})`.execute(db);
      await sql`
        insert into post_status_counts (kind, status, shard, n)
        select ${kind}, status, 0, count(*) from ${sql.table(table)} group by status`.execute(db);
    }
  },
};
