import type { NewEvent } from '@agora/contracts';
import { type Decider, type EventStore, foldEvents, type StoredEvent, type Tx } from '@agora/platform';
import { applyOwnEvent } from '../projections/awards/read-model';

/**
 * One decision on one of badges' streams inside the caller's transaction (a command's, or a projection
 * batch's, so an award commits with the checkpoint of the fact that earned it): load, decide, append at
 * the version seen, and update the inline read model.
 */
export async function decideOn<S, C, E extends NewEvent>(
  store: EventStore,
  tx: Tx,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  metadata: { actorId: string | null; causationId?: string | null },
): Promise<StoredEvent[]> {
  const history = await store.readStream(streamId, {}, tx);
  const decided = decider.decide(command, foldEvents(decider, history as unknown as E[]));
  const { events } = await store.append(streamId, history.length, decided, metadata, tx);
  for (const event of events) await applyOwnEvent(tx, event);
  return events;
}
