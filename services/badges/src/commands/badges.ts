import type { BadgeStatus } from '@agora/contracts';
import { type Actor, ConcurrencyError, type ServiceContext } from '@agora/platform';
import { badgeDecider, badgeStreamId } from '../domain/badge/decider';
import { decideOn } from './decide-on';

const MAX_ATTEMPTS = 5;

/** What admins do to the catalogue (`PUT {admin}/badge/status`). */
export class BadgeCommands {
  constructor(private readonly context: ServiceContext) {}

  /** Activates or deactivates a badge; setting the status it has changes nothing. An unknown id is a 404. */
  async setStatus(actor: Actor, badgeId: string, status: BadgeStatus): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.context.database.db.transaction().execute((tx) =>
          decideOn(
            this.context.store,
            tx,
            badgeStreamId(badgeId),
            badgeDecider,
            { type: 'set_status', badgeId, status },
            {
              actorId: actor.id,
            },
          ),
        );
        this.context.changes.changed();
        return;
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }
}
