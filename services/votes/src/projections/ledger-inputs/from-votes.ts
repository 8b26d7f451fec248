import { isImported, VoteCancelled, VoteCast } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import type { Ledger } from '../../commands/ledger';
import { voteInputs } from '../../domain/ledger/inputs';
import type { VoteEvent } from '../../domain/vote/decider';
import { firstDelivery, LEDGER_BATCH } from './inbox';

/**
 * Votes become ledger entries here, after the vote has committed: a vote command touches only its own
 * (voter, object) stream, so any number of voters on one post never wait on the owner's balance. An imported vote
 * earns nothing here: the source's reputation history comes in as its own records (docs/adr/0094-importing-a-community.md).
 */
export function ledgerFromVotes(ledger: Ledger): Projection {
  return {
    name: 'ledger-from-votes',
    source: 'votes',
    batchSize: LEDGER_BATCH,
    events: [VoteCast, VoteCancelled],
    async apply(event, tx) {
      if (isImported(event)) return;
      const inputs = voteInputs(event as unknown as VoteEvent, event.occurredAt);
      if (inputs.length === 0 || !(await firstDelivery(tx, event))) return;
      await ledger.run(inputs, { tx, causationId: event.id, actorId: event.metadata.actorId });
    },
    // Replaying from zero decides nothing twice: the inbox has seen every event (see inbox.ts).
    async reset() {},
  };
}
