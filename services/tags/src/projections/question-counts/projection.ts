import {
  normalizeTagSlug,
  QuestionAsked,
  QuestionDeleted,
  QuestionEdited,
  QuestionHidden,
  QuestionPurged,
  QuestionRetagged,
  QuestionShown,
  QuestionUndeleted,
} from '@agora/contracts';
import { applyInRuns, type BulkApply, type Projection, type StoredEvent, type Tx } from '@agora/platform';
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
    case QuestionEdited.type:
    case QuestionRetagged.type: {
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

interface QuestionRow extends QuestionTags {
  version: number;
}

/**
 * What an event does to its question's row (undefined: none left, purged) and to the tags it is counted under;
 * undefined when the row has already counted it.
 */
function stepOf(before: QuestionRow | undefined, event: StoredEvent) {
  // Events of a question arrive in stream order; one already counted is passed over.
  if (before && before.version >= event.version) return undefined;
  const state = before ?? { slugs: [], deleted: false, hidden: false };
  const after = next(state, event);
  const was = counted(state);
  const now = counted(after);
  return {
    removed: was.filter((s) => !now.includes(s)),
    added: now.filter((s) => !was.includes(s)),
    after:
      event.type === QuestionPurged.type
        ? undefined
        : { slugs: after.slugs, deleted: after.deleted, hidden: after.hidden, version: event.version },
  };
}

const questionOf = (event: StoredEvent) => (event.data as { question_id: string }).question_id;

async function applyQuestionEvent(event: StoredEvent, tx: Tx): Promise<void> {
  const questionId = questionOf(event);
  await lockTagRows(tx);
  const { rows } = await sql<QuestionRow>`
    select slugs, deleted, hidden, version from question_tag_state where question_id = ${questionId} for update`.execute(
    tx,
  );
  const step = stepOf(rows[0], event);
  if (!step) return;
  const { removed, added, after } = step;
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
  if (!after) {
    await sql`delete from question_tag_links where question_id = ${questionId}`.execute(tx);
    await sql`delete from question_tag_state where question_id = ${questionId}`.execute(tx);
    return;
  }
  await sql`
    insert into question_tag_state (question_id, version, slugs, deleted, hidden)
    values (${questionId}, ${after.version}, ${after.slugs}, ${after.deleted}, ${after.hidden})
    on conflict (question_id) do update
      set version = excluded.version, slugs = excluded.slugs, deleted = excluded.deleted, hidden = excluded.hidden`.execute(
    tx,
  );
}

/**
 * A run of a batch (an import's replay: docs/capacity.md §9) in a few statements whatever its length: each
 * question's row walked through its events in memory as `apply` walks it, then each table written once. A link
 * ends as its last change left it, after the purges that dropped all of a question's links; each tag's count moves
 * by the sum of its changes (one update of a popular tag's row per run, not one per question), and a row that
 * changes by nothing is not written. The tag-rows lock comes first, as for `apply`.
 */
const countsInBulk: BulkApply = {
  types: new Set([
    QuestionAsked.type,
    QuestionEdited.type,
    QuestionRetagged.type,
    QuestionDeleted.type,
    QuestionUndeleted.type,
    QuestionHidden.type,
    QuestionShown.type,
    QuestionPurged.type,
  ]),
  async apply(run, tx) {
    await lockTagRows(tx);
    const ids = [...new Set(run.map(questionOf))];
    const { rows } = await sql<QuestionRow & { question_id: string }>`
      select question_id, slugs, deleted, hidden, version from question_tag_state
      where question_id = any(${ids}::text[])`.execute(tx);
    const rowOf = new Map<string, QuestionRow | undefined>(
      rows.map(({ question_id, ...row }) => [question_id, row] as const),
    );
    const written = new Set<string>();
    const purged = new Set<string>();
    // Per question, each link's last change since its last purge: kept (true) or dropped (false).
    const links = new Map<string, Map<string, boolean>>();
    const counts = new Map<string, number>();
    for (const event of run) {
      const questionId = questionOf(event);
      const step = stepOf(rowOf.get(questionId), event);
      if (!step) continue;
      const changes = links.get(questionId) ?? new Map<string, boolean>();
      links.set(questionId, changes);
      for (const slug of step.removed) {
        changes.set(slug, false);
        counts.set(slug, (counts.get(slug) ?? 0) - 1);
      }
      for (const slug of step.added) {
        changes.set(slug, true);
        counts.set(slug, (counts.get(slug) ?? 0) + 1);
      }
      if (!step.after) {
        purged.add(questionId);
        changes.clear();
      }
      rowOf.set(questionId, step.after);
      written.add(questionId);
    }
    const pairs = (kept: boolean) =>
      [...links].flatMap(([q, changes]) => [...changes].filter(([, k]) => k === kept).map(([s]) => ({ q, s })));
    if (purged.size > 0) {
      await sql`delete from question_tag_links where question_id = any(${[...purged]}::text[])`.execute(tx);
    }
    const dropped = pairs(false).filter(({ q }) => !purged.has(q));
    if (dropped.length > 0) {
      await sql`
        delete from question_tag_links
        where (slug_name, question_id) in (
          select s, q from jsonb_to_recordset(${JSON.stringify(dropped)}::jsonb) as i(q text, s text))`.execute(tx);
    }
    const kept = pairs(true);
    if (kept.length > 0) {
      await sql`
        insert into question_tag_links (slug_name, question_id)
        select s, q from jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) as i(q text, s text)
        on conflict do nothing`.execute(tx);
    }
    const moved = [...counts].filter(([, d]) => d !== 0).map(([s, d]) => ({ s, d }));
    if (moved.length > 0) {
      await sql`
        update tags t set question_count = t.question_count + i.d
        from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as i(s text, d int) where t.slug_name = i.s`.execute(
        tx,
      );
    }
    const gone = [...written].filter((q) => !rowOf.get(q));
    if (gone.length > 0) {
      await sql`delete from question_tag_state where question_id = any(${gone}::text[])`.execute(tx);
    }
    const states = [...written].flatMap((q) => {
      const row = rowOf.get(q);
      return row ? [{ q, n: row.version, s: row.slugs, d: row.deleted, h: row.hidden }] : [];
    });
    if (states.length > 0) {
      await sql`
        insert into question_tag_state (question_id, version, slugs, deleted, hidden)
        select q, n, s, d, h from jsonb_to_recordset(${JSON.stringify(states)}::jsonb)
          as i(q text, n int, s text[], d boolean, h boolean)
        on conflict (question_id) do update
          set version = excluded.version, slugs = excluded.slugs, deleted = excluded.deleted, hidden = excluded.hidden`.execute(
        tx,
      );
    }
  },
};

/** Question counts of tags, kept from posts' events: every question counts once under each of its tags. */
export const questionCountsProjection: Projection = {
  name: 'question-counts',
  source: 'posts',
  events: [
    QuestionAsked,
    QuestionEdited,
    QuestionRetagged,
    QuestionDeleted,
    QuestionUndeleted,
    QuestionHidden,
    QuestionShown,
    QuestionPurged,
  ],
  apply: applyQuestionEvent,
  applyBatch: (events, tx) => applyInRuns(events, tx, countsInBulk, applyQuestionEvent),
  async reset(tx) {
    await sql`truncate question_tag_state, question_tag_links`.execute(tx);
    await sql`update tags set question_count = 0 where question_count <> 0`.execute(tx);
  },
};
