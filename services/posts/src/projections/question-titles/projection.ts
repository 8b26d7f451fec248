import { type DataOf, QuestionAsked, QuestionEdited, QuestionHeld, QuestionPurged } from '@agora/contracts';
import { applyInRuns, type BulkApply, type Projection, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';

type TitleData = DataOf<typeof QuestionAsked> | DataOf<typeof QuestionHeld> | DataOf<typeof QuestionEdited>;

async function apply(event: StoredEvent, tx: Tx): Promise<void> {
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
}

/**
 * A run in at most two statements (the replay of an import: docs/capacity.md §9). One by one, a question's row
 * takes a title only from a version above its own, so its titles since its last purge in the run fold to the first
 * of the highest version: upserted once under the same condition, it leaves the row as the walk would. A question
 * purged in the run is deleted first, so that its later titles start from no row, as they would.
 */
const titlesInBulk: BulkApply = {
  types: new Set([QuestionHeld.type, QuestionAsked.type, QuestionEdited.type, QuestionPurged.type]),
  async apply(run, tx) {
    const purged = new Set<string>();
    const titles = new Map<string, { q: string; t: string; v: number }>();
    for (const event of run) {
      if (event.type === QuestionPurged.type) {
        const { question_id } = event.data as DataOf<typeof QuestionPurged>;
        purged.add(question_id);
        titles.delete(question_id);
        continue;
      }
      const { question_id, title } = event.data as TitleData;
      const kept = titles.get(question_id);
      if (kept === undefined || kept.v < event.version)
        titles.set(question_id, { q: question_id, t: title, v: event.version });
    }
    if (purged.size > 0) {
      await sql`delete from question_titles where question_id = any(${[...purged]}::text[])`.execute(tx);
    }
    if (titles.size > 0) {
      await sql`
        insert into question_titles as t (question_id, title, version)
        select i.q, i.t, i.v from jsonb_to_recordset(${JSON.stringify([...titles.values()])}::jsonb) as i(q text, t text, v int)
        on conflict (question_id) do update set title = excluded.title, version = excluded.version
        where t.version < excluded.version`.execute(tx);
    }
  },
};

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
  apply,
  applyBatch: (events, tx) => applyInRuns(events, tx, titlesInBulk, apply),
  async reset(tx) {
    await sql`truncate question_titles`.execute(tx);
  },
};
