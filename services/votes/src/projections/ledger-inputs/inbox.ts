import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

/**
 * Source events per ledger transaction. Each costs several statements under the ledger's lock; small
 * batches keep the transactions short, as a long one would hold back every consumer's read (DESIGN §3).
 */
export const LEDGER_BATCH = 25;

/**
 * True the first time the ledger sees a source event: a redelivered or replayed one must not change
 * reputation twice. The ledger's decisions live in its events, so its consumers' rebuild is a no-op replay;
 * the ledger's read model is rebuilt from the votes log instead (ownReadModel).
 */
export async function firstDelivery(tx: Tx, event: StoredEvent): Promise<boolean> {
  const { rows } = await sql`
    insert into ledger_inbox (event_id) values (${`${event.source}:${event.id}`})
    on conflict (event_id) do nothing returning event_id`.execute(tx);
  return rows.length > 0;
}
