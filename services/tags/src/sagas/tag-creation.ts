import {
  isTagSlug,
  Limits,
  normalizeTagSlug,
  QuestionAsked,
  QuestionEdited,
  QuestionPurged,
  TagStatus,
} from '@agora/contracts';
import {
  applyInRuns,
  type BulkApply,
  type Projection,
  type ServiceContext,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import { sql } from 'kysely';
import { decideOn } from '../commands/streams';
import { tagDecider } from '../domain/tag/decider';
import { lockTagRows } from '../projections/tags/row-locks';
import { tagBySlug } from '../queries/tag-rows';

interface QuestionTagsData {
  question_id: string;
  user_id?: string;
  editor_id?: string;
  tags: { slug_name: string; display_name: string }[];
}

/** The tags a question names that are slugs, normalised, in its order. */
const tagsOf = (d: QuestionTagsData) =>
  d.tags
    .map((t) => ({ slug: normalizeTagSlug(t.slug_name), name: t.display_name.trim() }))
    .filter((t) => isTagSlug(t.slug));

const questionOf = (event: StoredEvent) => (event.data as QuestionTagsData).question_id;

/** The slugs an event names (none for a purge). */
const slugsOf = (event: StoredEvent) =>
  event.type === QuestionPurged.type ? [] : tagsOf(event.data as QuestionTagsData).map((t) => t.slug);

/**
 * A run of a batch (an import's replay: docs/capacity.md §9) in a few statements while its tags all exist: the
 * progress and the tags' statuses read once, each question's progress written once at the end. A question naming
 * a tag to create or recover goes through `apply`, after the progress so far is written, so its decisions are
 * made as, and in the order, one by one would make them. The tag-rows lock comes first, as for `apply`.
 */
function creationsInBulk(apply: (event: StoredEvent, tx: Tx) => Promise<void>): BulkApply {
  return {
    types: new Set([QuestionAsked.type, QuestionEdited.type, QuestionPurged.type]),
    async apply(run, tx) {
      if (run.some((event) => event.type !== QuestionPurged.type)) await lockTagRows(tx);
      const { rows } = await sql<{ question_id: string; version: number }>`
        select question_id, version from tag_creation_progress
        where question_id = any(${[...new Set(run.map(questionOf))]}::text[])`.execute(tx);
      const progress = new Map<string, number | undefined>(rows.map((r) => [r.question_id, r.version] as const));
      const statuses = new Map<string, number>();
      const readStatuses = async (slugs: string[]) => {
        if (slugs.length === 0) return;
        const { rows } = await sql<{ slug_name: string; status: number }>`
          select slug_name, status from tags where slug_name = any(${slugs}::text[])`.execute(tx);
        for (const row of rows) statuses.set(row.slug_name, row.status);
      };
      await readStatuses([...new Set(run.flatMap(slugsOf))]);
      // Questions whose progress the table does not hold yet (undefined: forgotten, purged).
      const unwritten = new Set<string>();
      const write = async () => {
        const forgotten = [...unwritten].filter((q) => progress.get(q) === undefined);
        if (forgotten.length > 0) {
          await sql`delete from tag_creation_progress where question_id = any(${forgotten}::text[])`.execute(tx);
        }
        const reached = [...unwritten].flatMap((q) => {
          const version = progress.get(q);
          return version === undefined ? [] : [{ q, n: version }];
        });
        if (reached.length > 0) {
          await sql`
            insert into tag_creation_progress (question_id, version)
            select q, n from jsonb_to_recordset(${JSON.stringify(reached)}::jsonb) as i(q text, n int)
            on conflict (question_id) do update set version = excluded.version`.execute(tx);
        }
        unwritten.clear();
      };
      for (const event of run) {
        const questionId = questionOf(event);
        if (event.type === QuestionPurged.type) {
          progress.set(questionId, undefined);
          unwritten.add(questionId);
          continue;
        }
        const seen = progress.get(questionId);
        if (seen !== undefined && seen >= event.version) continue;
        const slugs = slugsOf(event);
        if (slugs.every((slug) => statuses.get(slug) === TagStatus.available)) {
          progress.set(questionId, event.version);
          unwritten.add(questionId);
          continue;
        }
        await write();
        await apply(event, tx);
        progress.set(questionId, event.version);
        await readStatuses(slugs);
      }
      await write();
    },
  };
}

/**
 * A question asked (or edited) with a tag the tags service does not have yet creates that tag, as its
 * asker (issue 6 item 6). Posts already refused the question unless its author may create tags (or the
 * tag is recommended or reserved), so the question is the proof of the privilege. A deleted tag put back
 * to use is recovered. The saga decides inside the transaction that moves its checkpoint, and remembers
 * per question how far it got, so neither a redelivery nor a replay acts twice.
 */
export function tagCreationSaga(context: ServiceContext): Projection {
  const saga: Projection = {
    name: 'tag-creation',
    source: 'posts',
    events: [QuestionAsked, QuestionEdited, QuestionPurged],
    async apply(event, tx) {
      const d = event.data as QuestionTagsData;
      // A purged question asks nothing more, and its replayed events carry no tags
      // (docs/adr/0078-purging-in-an-event-sourced-system.md): its progress is forgotten.
      if (event.type === QuestionPurged.type) {
        await sql`delete from tag_creation_progress where question_id = ${d.question_id}`.execute(tx);
        return;
      }
      await lockTagRows(tx);
      const { rows } = await sql<{ version: number }>`
        select version from tag_creation_progress where question_id = ${d.question_id} for update`.execute(tx);
      if (rows[0] && rows[0].version >= event.version) return;
      const userId = d.user_id ?? d.editor_id ?? event.metadata.actorId ?? 'system';
      for (const tag of tagsOf(d)) {
        const existing = await tagBySlug(tx, tag.slug);
        if (existing?.status === TagStatus.available) continue;
        if (existing) {
          await decideOn(context, tx, existing.id, tagDecider, { type: 'undelete', actorId: userId }, userId);
          continue;
        }
        const tagId = context.ids.next('tag');
        const name = [...(tag.name || tag.slug)].slice(0, Limits.tags.nameMaxLength).join('');
        const create = {
          type: 'create' as const,
          tagId,
          userId,
          revisionId: context.ids.next('revision'),
          questionId: d.question_id,
          content: { slug_name: tag.slug, display_name: name, original_text: '', parsed_text: '' },
        };
        await decideOn(context, tx, tagId, tagDecider, create, userId);
      }
      await sql`
        insert into tag_creation_progress (question_id, version) values (${d.question_id}, ${event.version})
        on conflict (question_id) do update set version = excluded.version`.execute(tx);
    },
    applyBatch: (events, tx) => applyInRuns(events, tx, creationsInBulk(saga.apply), saga.apply),
    // Its progress survives a rebuild: acting again on old questions would undo later moderators' deletions.
    async reset() {},
  };
  return saga;
}
