import { type DataOf, isImported, TagEdited } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import type { Ledger } from '../../commands/ledger';
import { approvedEditInput } from '../../domain/ledger/inputs';
import { firstDelivery, LEDGER_BATCH } from './inbox';

/**
 * A suggested tag edit a reviewer approved: +2 to its editor, once per revision; not an imported one, whose
 * reputation came with the source's history (docs/adr/0094-importing-a-community.md).
 */
export function ledgerFromTags(ledger: Ledger): Projection {
  return {
    name: 'ledger-from-tags',
    source: 'tags',
    batchSize: LEDGER_BATCH,
    events: [TagEdited],
    async apply(event, tx) {
      if (isImported(event)) return;
      const d = event.data as DataOf<typeof TagEdited>;
      const inputs = approvedEditInput(
        {
          question_id: '',
          tag_id: d.tag_id,
          editor_id: d.editor_id,
          revision_id: d.revision_id,
          reviewer_id: d.reviewer_id,
        },
        event.occurredAt,
      );
      if (inputs.length === 0 || !(await firstDelivery(tx, event))) return;
      await ledger.run(inputs, { tx, causationId: event.id, actorId: event.metadata.actorId });
    },
    // Replaying from zero decides nothing twice: the inbox has seen every event (see inbox.ts).
    async reset() {},
  };
}
