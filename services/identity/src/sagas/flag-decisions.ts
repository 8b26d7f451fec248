import { type DataOf, FlagHandled } from '@agora/contracts';
import { ApiError, type EventStore, type Projection, SAGA_BATCH_SIZE, type StoredEvent } from '@agora/platform';
import type { Logger } from 'pino';
import type { Accounts } from '../commands/accounts';

/**
 * Whether this decision was carried out already: the member's stream holds, at or after the decision, a
 * suspension by its admin until its time (a replay of moderation's log after a reinstatement must not
 * suspend the member again).
 */
async function carriedOut(store: EventStore, decision: StoredEvent, d: DataOf<typeof FlagHandled>) {
  const history = await store.readStream(d.object_id);
  return history.some(
    (event) =>
      event.type === 'identity.user_suspended' &&
      (event.data as { until?: string }).until === d.suspended_until &&
      event.metadata.actorId === d.handler_id &&
      event.occurredAt >= decision.occurredAt,
  );
}

/**
 * Suspends a flagged member when an admin handled the flag so (members:
 * docs/behaviour-decisions.md), until the time the decision named, as the admin, once. A suspension
 * identity refuses now (the member deleted meanwhile) is logged and left undone.
 */
export function flagDecisionsProjection(accounts: Accounts, store: EventStore, log: Logger): Projection {
  return {
    name: 'flag-decisions',
    batchSize: SAGA_BATCH_SIZE,
    source: 'moderation',
    events: [FlagHandled],
    async apply(event) {
      const d = event.data as DataOf<typeof FlagHandled>;
      if (d.operation !== 'suspend_user' || d.object_type !== 'user') return;
      if (await carriedOut(store, event, d)) return;
      try {
        await accounts.run(d.object_id, { type: 'suspend', until: d.suspended_until }, d.handler_id);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        log.warn({ flagId: d.flag_id, reason: error.reason }, 'flagged member not suspended');
      }
    },
    async reset() {},
  };
}
