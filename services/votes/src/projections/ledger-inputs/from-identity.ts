import { isImported, MailStatus, UserActivated, UserRegistered } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import type { Ledger } from '../../commands/ledger';
import { activationInput, startingBalanceInput } from '../../domain/ledger/inputs';
import type { LedgerInput } from '../../domain/ledger/ledger';
import { firstDelivery, LEDGER_BATCH } from './inbox';

/**
 * Accounts in the ledger: the starting balance (1 for accounts an admin or the installer made) and the
 * +1 of activation, once per account — also for self-registration with verification off,
 * where the account is born activated. Not for an imported member, whose total the import sets
 * (docs/adr/0094-importing-a-community.md).
 */
export function ledgerFromIdentity(ledger: Ledger): Projection {
  return {
    name: 'ledger-from-identity',
    source: 'identity',
    batchSize: LEDGER_BATCH,
    events: [UserRegistered, UserActivated],
    async apply(event, tx) {
      if (isImported(event)) return;
      let inputs: LedgerInput[] = [];
      if (event.type === UserRegistered.type) {
        const r = event.data as { user_id: string; rank: number; mail_status: number; created_by: string };
        inputs = startingBalanceInput(r.user_id, r.rank, event.occurredAt);
        if (r.created_by === 'self' && r.mail_status === MailStatus.activated)
          inputs.push(...activationInput(r.user_id, event.occurredAt));
      } else {
        inputs = activationInput((event.data as { user_id: string }).user_id, event.occurredAt);
      }
      if (inputs.length === 0 || !(await firstDelivery(tx, event))) return;
      await ledger.run(inputs, { tx, causationId: event.id, actorId: event.metadata.actorId });
    },
    // Replaying from zero decides nothing twice: the inbox has seen every event (see inbox.ts).
    async reset() {},
  };
}
