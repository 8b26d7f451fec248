import type { NewEvent } from '@agora/contracts';
import { type Decider, executeCommand, type ServiceContext } from '@agora/platform';
import { applyModerationEvent } from '../projections/moderation/read-model';

/** Load, decide, append and apply moderation's inline read model in the same transaction (DESIGN §2). */
export async function runOn<S, C, E extends NewEvent>(
  context: ServiceContext,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  actorId: string,
) {
  const { events } = await executeCommand({
    db: context.database.db,
    store: context.store,
    streamId,
    decider,
    command,
    metadata: { actorId },
    project: async (tx, stored) => {
      for (const event of stored) await applyModerationEvent(tx, event);
    },
  });
  context.changes.changed();
  return events;
}
