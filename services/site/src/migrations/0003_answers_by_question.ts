import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261227_0003_answers_by_question';

/**
 * A question's answers, for counting them when the question arrives after them (on Kafka another partition
 * may run ahead: docs/adr/0080-one-batch-of-a-group-at-a-time.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index if not exists dashboard_answers_by_question on dashboard_answers (question_id)`.execute(db);
  },
};
