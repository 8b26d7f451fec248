import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0002_member_posts';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Each member's questions and answers as posts' events tell them: the profile's counts (users.*_count).
    await sql`
      create table member_posts (
        post_id text primary key,
        user_id text not null,
        kind text not null check (kind in ('question', 'answer')),
        live boolean not null
      )`.execute(db);
    await sql`create index member_posts_user on member_posts (user_id, kind) where live`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table member_posts`.execute(db);
  },
};
