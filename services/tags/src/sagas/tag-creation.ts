import {
  isTagSlug,
  Limits,
  normalizeTagSlug,
  QuestionAsked,
  QuestionEdited,
  QuestionPurged,
  TagStatus,
} from '@agora/contracts';
import type { Projection, ServiceContext } from '@agora/platform';
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

/**
 * A question asked (or edited) with a tag the tags service does not have yet creates that tag, as its
 * asker (issue 6 item 6). Posts already refused the question unless its author may create tags (or the
 * tag is recommended or reserved), so the question is the proof of the privilege. A deleted tag put back
 * to use is recovered. The saga decides inside the transaction that moves its checkpoint, and remembers
 * per question how far it got, so neither a redelivery nor a replay acts twice.
 */
export function tagCreationSaga(context: ServiceContext): Projection {
  return {
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
      const tags = d.tags
        .map((t) => ({ slug: normalizeTagSlug(t.slug_name), name: t.display_name.trim() }))
        .filter((t) => isTagSlug(t.slug));
      for (const tag of tags) {
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
    // Its progress survives a rebuild: acting again on old questions would undo later moderators' deletions.
    async reset() {},
  };
}
