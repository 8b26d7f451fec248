import {
  normalizeTagSlug,
  QuestionAsked,
  QuestionDeleted,
  QuestionEdited,
  QuestionHidden,
  QuestionPurged,
  QuestionShown,
  QuestionUndeleted,
} from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import { lockTagRows } from '../tags/row-locks';

interface QuestionTags {
  slugs: string[];
  deleted: boolean;
  hidden: boolean;
}

const counted = (q: QuestionTags) => (q.deleted || q.hidden ? [] : q.slugs);

/** The question's tags and visibility after an event (deleted and hidden questions do not count). */
function next(state: QuestionTags, event: StoredEvent): QuestionTags {
  switch (event.type) {
    case QuestionAsked.type:
    case QuestionEdited.type: {
      const tags = (event.data as { tags: { slug_name: string }[] }).tags;
      return { ...state, slugs: [...new Set(tags.map((t) => normalizeTagSlug(t.slug_name)))] };
    }
    case QuestionDeleted.type:
      return { ...state, deleted: true };
    case QuestionUndeleted.type:
      return { ...state, deleted: false };
    case QuestionHidden.type:
      return { ...state, hidden: true };
    case QuestionShown.type:
      return { ...state, hidden: false };
    case QuestionPurged.type:
      // Counted no more; its rows are dropped below.
      return { ...state, deleted: true };
    default:
      return state;
  }
}

async function applyQuestionEvent(event: StoredEvent, tx: Tx): Promise<void> {
  const questionId = (event.data as { question_id: string }).question_id;
  await lockTagRows(tx);
  const { rows } = await sql<QuestionTags & { version: number }>`
    select slugs, deleted, hidden, version from question_tag_state where question_id = ${questionId} for update`.execute(
    tx,
  );
  const before = rows[0];
  // Events of a question arrive in stream order; one already counted is passed over.
  if (before && before.version >= event.version) return;
  const state = before ?? { slugs: [], deleted: false, hidden: false };
  const after = next(state, event);
  const was = counted(state);
  const now = counted(after);
  const removed = was.filter((s) => !now.includes(s));
  const added = now.filter((s) => !was.includes(s));
  if (removed.length || added.length) {
    if (removed.length) {
      await sql`delete from question_tag_links where question_id = ${questionId} and slug_name = any(${removed})`.execute(
        tx,
      );
      await sql`update tags set question_count = question_count - 1 where slug_name = any(${removed})`.execute(tx);
    }
    if (added.length) {
      await sql`insert into question_tag_links (slug_name, question_id)
                select unnest(${added}::text[]), ${questionId} on conflict do nothing`.execute(tx);
      await sql`update tags set question_count = question_count + 1 where slug_name = any(${added})`.execute(tx);
    }
  }
  // A purged question leaves nothing behind (docs/adr/0078-purging-in-an-event-sourced-system.md).
  if (event.type === QuestionPurged.type) {
    await sql`delete from question_tag_links where question_id = ${questionId}`.execute(tx);
    await sql`delete from question_tag_state where question_id = ${questionId}`.execute(tx);
    return;
  }
  await sql`
    insert into question_tag_state (question_id, version, slugs, deleted, hidden)
    values (${questionId}, ${event.version}, ${after.slugs}, ${after.deleted}, ${after.hidden})
    on conflict (question_id) do update
      set version = excluded.version, slugs = excluded.slugs, deleted = excluded.deleted, hidden = excluded.hidden`.execute(
    tx,
  );
}

/** Question counts of tags, kept from posts' events: every question counts once under each of its tags. */
export const questionCountsProjection: Projection = {
  name: 'question-counts',
  source: 'posts',
  events: [
    QuestionAsked,
    QuestionEdited,
    QuestionDeleted,
    QuestionUndeleted,
    QuestionHidden,
    QuestionShown,
    QuestionPurged,
  ],
  apply: applyQuestionEvent,
  async reset(tx) {
    await sql`truncate question_tag_state, question_tag_links`.execute(tx);
    await sql`update tags set question_count = 0 where question_count <> 0`.execute(tx);
  },
};
