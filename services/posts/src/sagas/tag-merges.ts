import { type DataOf, TagMerged } from '@agora/contracts';
import { type Projection, SAGA_BATCH_SIZE } from '@agora/platform';
import type { QuestionRetagging } from '../commands/retagging';

/**
 * Carries out the tags service's merges on questions (DESIGN §2, sagas): the questions filed under the merged tag
 * are filed under the tag it was merged into. Its synonyms' questions stay where they are, as the reference leaves
 * them: the synonyms now stand for the target, whose question list shows them.
 */
export function tagMergesSaga(retagging: QuestionRetagging): Projection {
  return {
    name: 'tag-merges',
    batchSize: SAGA_BATCH_SIZE,
    source: 'tags',
    events: [TagMerged],
    async apply(event) {
      const d = event.data as DataOf<typeof TagMerged>;
      await retagging.merge({
        actorId: d.actor_id,
        mergedSlugs: [d.slug_name],
        target: { slug_name: d.target_slug_name, display_name: d.target_display_name },
      });
    },
    async reset() {},
  };
}
