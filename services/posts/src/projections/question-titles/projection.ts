import { type DataOf, QuestionAsked, QuestionEdited, QuestionHeld, QuestionPurged } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import { sql } from 'kysely';

type TitleData = DataOf<typeof QuestionAsked> | DataOf<typeof QuestionHeld> | DataOf<typeof QuestionEdited>;

/**
 * The questions' titles as the admin's content search reads them (`question_titles`, trigram-indexed), kept from
 * posts' own events after the ask has answered, so that no ask writes the titles' trigram index inside its
 * statement (docs/adr/0087-title-search-kept-after-the-ask.md). A title newer in its stream than the event
 * (a replay) stays.
 */
export const questionTitlesProjection: Projection = {
  name: 'question-titles',
  source: 'posts',
  events: [QuestionHeld, QuestionAsked, QuestionEdited, QuestionPurged],
  async apply(event, tx) {
    if (event.type === QuestionPurged.type) {
      const { question_id } = event.data as DataOf<typeof QuestionPurged>;
      await sql`delete from question_titles where question_id = ${question_id}`.execute(tx);
      return;
    }
    const { question_id, title } = event.data as TitleData;
    await sql`
      insert into question_titles as t (question_id, title, version) values (${question_id}, ${title}, ${event.version})
      on conflict (question_id) do update set title = excluded.title, version = excluded.version
      where t.version < excluded.version`.execute(tx);
  },
  async reset(tx) {
    await sql`truncate question_titles`.execute(tx);
  },
};
