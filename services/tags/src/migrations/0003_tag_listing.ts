import { TagStatusSql } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261125_0003_tag_listing';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // How many tags the tag page lists (main tags, not deleted): its pager's count without counting.
    await sql`create table tag_listing (id boolean primary key default true check (id), listed integer not null)`.execute(
      db,
    );
    await sql`insert into tag_listing (listed)
              select count(*) from tags where status = ${TagStatusSql.available} and main_tag_id is null`.execute(db);
  },
};
