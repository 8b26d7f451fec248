import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261227_0006_answers_by_question';

/**
 * A question's answers, counted again on every answer event and when the question arrives after its answers
 * (on Kafka another partition may run ahead: docs/adr/0080-one-batch-of-a-group-at-a-time.md). Without it each
 * count read the whole table.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index if not exists moderated_answers_by_question on moderated_objects (question_id)
              where object_type = 'answer'`.execute(db);
  },
};
