import { type DataOf, FlagReported, isImported } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import type { AwardCommands } from '../../commands/awards';
import { awardsFor } from '../../domain/rules/award-rules';
import { postObject } from '../../domain/rules/facts';

/**
 * "First Flag": a member's first flag on a question, answer or comment; not an imported one
 * (docs/adr/0094-importing-a-community.md).
 */
export function awardsFromModeration(awards: AwardCommands): Projection {
  return {
    name: 'awards-from-moderation',
    source: 'moderation',
    events: [FlagReported],
    async apply(event, tx) {
      const d = event.data as DataOf<typeof FlagReported>;
      if (d.object_type === 'user' || isImported(event)) return;
      const fact = {
        kind: 'flag_raised' as const,
        reporterId: d.reporter_id,
        on: postObject(d.object_type, d.object_id, d.question_id),
      };
      await awards.award(tx, awardsFor(fact), event);
    },
    async reset() {},
  };
}
