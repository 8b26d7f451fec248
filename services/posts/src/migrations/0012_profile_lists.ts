import { PostStatusSql, ShowSql } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0005_profile_lists';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A profile's answers tab counts and sorts a member's answers under listed questions: whether the question is
    // listed (available or closed, and shown) is kept on each answer, so the count and the page read one index of
    // that member's rows instead of joining every question (docs/adr/0058-profile-figures.md).
    await sql`alter table answers add column question_listed boolean not null default true`.execute(db);
    await sql`
      update answers a set question_listed = false from questions q
      where q.id = a.question_id
        and not (q.status in (${PostStatusSql.available}, ${PostStatusSql.closed}) and q.show = ${ShowSql.shown})`.execute(
      db,
    );
    const public_ = sql`where status = ${PostStatusSql.available} and question_listed`;
    await sql`create index answers_user_listed_newest on answers (user_id, created_at desc, id desc) ${public_}`.execute(
      db,
    );
    await sql`create index answers_user_listed_score on answers (user_id, vote_count desc, created_at desc, id desc) ${public_}`.execute(
      db,
    );
    const listed = sql`where status in (${PostStatusSql.available}, ${PostStatusSql.closed}) and show = ${ShowSql.shown}`;
    await sql`create index questions_user_listed_newest on questions (user_id, created_at desc, id desc) ${listed}`.execute(
      db,
    );
    await sql`create index questions_user_listed_score on questions (user_id, vote_count desc, created_at desc, id desc) ${listed}`.execute(
      db,
    );
  },
};
