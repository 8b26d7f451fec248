import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261227_0015_member_lists_one_index_per_order';

/**
 * A member's questions and answers are found by one index per order, which carries each row's status and
 * visibility: the profile's public tabs (listed posts only) and the owner's and staff's (every post) read the same
 * index, the public ones filtering on the carried columns without a visit to the table. Migration 0012 kept a
 * partial index per order for the public, 0013 a whole one by score for the owner, and the first migration's
 * `(user_id, created_at)` the owner's newest: every ask and answer wrote four of a member's entries where two now
 * suffice (docs/adr/0086-member-lists-one-index-per-order.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index questions_user_newest on questions (user_id, created_at desc, id desc) include (status, show)`.execute(
      db,
    );
    await sql`drop index questions_user_score`.execute(db);
    await sql`create index questions_user_score on questions (user_id, vote_count desc, created_at desc, id desc) include (status, show)`.execute(
      db,
    );
    for (const replaced of ['questions_user', 'questions_user_listed_newest', 'questions_user_listed_score'])
      await sql`drop index ${sql.id(replaced)}`.execute(db);

    const answerColumns = sql`include (status, question_listed)`;
    await sql`create index answers_user_newest on answers (user_id, created_at desc, id desc) ${answerColumns}`.execute(
      db,
    );
    await sql`drop index answers_user_score`.execute(db);
    await sql`create index answers_user_score on answers (user_id, vote_count desc, created_at desc, id desc) ${answerColumns}`.execute(
      db,
    );
    for (const replaced of ['answers_user', 'answers_user_listed_newest', 'answers_user_listed_score'])
      await sql`drop index ${sql.id(replaced)}`.execute(db);
  },
};
