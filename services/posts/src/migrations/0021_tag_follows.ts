import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261230_0018_tag_follows';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Posts' copy of who follows which tag (projections/tag-follows): the questions recommended to a member.
    await sql`
      create table tag_follows (
        user_id text not null,
        tag_id text not null,
        primary key (user_id, tag_id)
      )`.execute(db);
  },
};
