import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261227_0008_post_status_counts';

/** Rows a kind's count is spread over, so that concurrent writers seldom wait on one counter row. */
export const STATUS_COUNT_SHARDS = 16;

/** The tables whose posts are counted, with the kind each counts as. */
export const COUNTED_TABLES = [
  ['questions', 'question'],
  ['answers', 'answer'],
] as const;

/**
 * How many questions and answers there are of each status, kept by statement triggers as the rows change, so the
 * admin's content lists answer their totals without counting 100,000s of rows (an answers count took 50–180 ms).
 * A statement adds its rows' counts, grouped by status, to the row of its connection's shard: one write per status
 * a statement touches, however many rows (a row trigger wrote the same counter row once per row, and a bulk
 * insert of 50,000 questions in one transaction took over 20 s walking that row's versions). A count sums a kind's
 * shards. Emptying a table (a rebuild) empties its counts. The functions keep the migration's search path, so a
 * writer whose connection names another schema (an operator's psql, a bulk load) still finds the counts table.
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
    // `changes (status, n)`: the statement's change of each status, applied to this connection's shard.
    const add = (changes: string) => `
        insert into post_status_counts as c (kind, status, shard, n)
        select tg_argv[0], status, pg_backend_pid() % ${STATUS_COUNT_SHARDS}, sum(n) from (${changes}) d
        group by status having sum(n) <> 0
        on conflict (kind, status, shard) do update set n = c.n + excluded.n;`;
    await sql`
      create function count_post_status() returns trigger language plpgsql set search_path from current as $$
      begin
        if tg_op = 'INSERT' then
          ${sql.raw(add('select status, 1 as n from new_rows'))}
        elsif tg_op = 'DELETE' then
          ${sql.raw(add('select status, -1 as n from old_rows'))}
        else
          ${sql.raw(
            add(`select o.status, -1 as n from old_rows o join new_rows w using (id) where o.status <> w.status
                 union all
                 select w.status, 1 from old_rows o join new_rows w using (id) where o.status <> w.status`),
          )}
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create function forget_post_status_counts() returns trigger language plpgsql set search_path from current as $$
      begin
        delete from post_status_counts where kind = tg_argv[0];
        return null;
      end $$`.execute(db);
    for (const [table, kind] of COUNTED_TABLES) {
      const count = sql`count_post_status(${sql.lit(kind)})`;
      await sql`
        create trigger ${sql.id(`${table}_count_inserted`)} after insert on ${sql.table(table)}
        referencing new table as new_rows for each statement execute function ${count}`.execute(db);
      await sql`
        create trigger ${sql.id(`${table}_count_deleted`)} after delete on ${sql.table(table)}
        referencing old table as old_rows for each statement execute function ${count}`.execute(db);
      await sql`
        create trigger ${sql.id(`${table}_count_status_changed`)} after update on ${sql.table(table)}
        referencing old table as old_rows new table as new_rows for each statement execute function ${count}`.execute(
        db,
      );
      await sql`
        create trigger ${sql.id(`${table}_forget_status_counts`)} after truncate on ${sql.table(table)}
        for each statement execute function forget_post_status_counts(${sql.lit(kind)})`.execute(db);
      await sql`
        insert into post_status_counts (kind, status, shard, n)
        select ${kind}, status, 0, count(*) from ${sql.table(table)} group by status`.execute(db);
    }
  },
};
