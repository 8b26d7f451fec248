import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261127_0001_search_answer_text';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // `is:answer` with words: most matches of a word are often questions, and testing each one's type
    // would read them all; this index holds the answers only.
    await sql`create index if not exists search_documents_answers_tsv on search_documents using gin (tsv) where type = 'answer'`.execute(
      db,
    );
  },
};
