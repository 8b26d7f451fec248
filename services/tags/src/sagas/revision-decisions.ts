import { type DataOf, RevisionReviewed } from '@agora/contracts';
import type { Projection, ServiceContext } from '@agora/platform';
import { sql } from 'kysely';
import { decideOn } from '../commands/streams';
import { tagDecider } from '../domain/tag/decider';
import { tagById, tagBySlug } from '../queries/tag-rows';

/**
 * Applies reviewers' decisions on suggested tag edits on the tag's own stream, inside the
 * transaction that moves the checkpoint: approved, the editor's names and description apply (a new slug only
 * while no question uses the tag and no other tag has taken it); rejected, the suggestion is dropped.
 * Deciding what is no longer waiting records nothing, so a replay is harmless.
 */
export function tagRevisionDecisionsSaga(context: ServiceContext): Projection {
  return {
    name: 'revision-decisions',
    source: 'moderation',
    events: [RevisionReviewed],
    async apply(event, tx) {
      const d = event.data as DataOf<typeof RevisionReviewed>;
      if (d.object_type !== 'tag') return;
      const tag = await tagById(tx, d.object_id);
      if (!tag) return;
      const { rows } = await sql<{ slug_name: string | null }>`
        select content->>'slug_name' as slug_name from tag_revisions where id = ${d.revision_id}`.execute(tx);
      const proposed = rows[0]?.slug_name ?? tag.slug_name;
      const holder = proposed === tag.slug_name ? undefined : await tagBySlug(tx, proposed);
      const keepSlug = tag.question_count > 0 || (holder !== undefined && holder.id !== tag.id);
      await decideOn(
        context,
        tx,
        d.object_id,
        tagDecider,
        {
          type: 'review',
          revisionId: d.revision_id,
          approved: d.decision === 'approved',
          reviewerId: d.reviewer_id,
          keepSlug,
        },
        d.reviewer_id,
      );
    },
    async reset() {},
  };
}
