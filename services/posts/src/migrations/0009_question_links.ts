import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0002_question_links';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Links between questions found in posts: one row per question a live post links to, by the way it
    // links (`body`: its text; `duplicate`: a question closed as a duplicate of it) and the site the link
    // names (host and path before `/questions/`; '' for a root-relative link), which the reads compare
    // with the site's current address. Not watched by the change feed of its own: every change of it comes
    // with a change of a watched questions or answers row, in the same transaction.
    await sql`
      create table question_links (
        from_post_id text not null,
        via text not null,
        to_question_id text not null,
        site text not null,
        from_question_id text not null,
        primary key (from_post_id, via, to_question_id, site)
      )`.execute(db);
    await sql`create index question_links_to on question_links (to_question_id, site)`.execute(db);
    await sql`create index question_links_from on question_links (from_question_id, site)`.execute(db);
  },
};
