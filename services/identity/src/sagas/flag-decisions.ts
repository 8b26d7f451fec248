import { type DataOf, FlagHandled } from '@agora/contracts';
import { ApiError, type Projection } from '@agora/platform';
import type { Logger } from 'pino';
import type { Accounts } from '../commands/accounts';

/**
 * Suspends a flagged member when an admin handled the flag so (behaviour §9c, members:
 * docs/behaviour-decisions.md), until the time the decision named, as the admin. A suspension identity
 * refuses now (the member deleted meanwhile) is logged and left undone.
 */
export function flagDecisionsProjection(accounts: Accounts, log: Logger): Projection {
  return {
    name: 'flag-decisions',
    source: 'moderation',
    events: [FlagHandled],
    async apply(event) {
      const d = event.data as DataOf<typeof FlagHandled>;
      if (d.operation !== 'suspend_user' || d.object_type !== 'user') return;
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
