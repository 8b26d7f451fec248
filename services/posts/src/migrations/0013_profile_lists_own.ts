import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0006_profile_lists_own';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The owner of a profile and staff see every question and answer on it: their tabs sort by score over all of a
    // member's rows, which without these sorted the member's every post (docs/adr/0058-profile-figures.md).
    await sql`create index answers_user_score on answers (user_id, vote_count desc, created_at desc, id desc)`.execute(
      db,
    );
    await sql`create index questions_user_score on questions (user_id, vote_count desc, created_at desc, id desc)`.execute(
      db,
    );
  },
};
