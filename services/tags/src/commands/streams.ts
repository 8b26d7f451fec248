import type { NewEvent } from '@agora/contracts';
import {
  ConcurrencyError,
  type Decider,
  errors,
  foldEvents,
  isRetryablePgError,
  type ServiceContext,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import { applyTagsEvent } from '../projections/tags/read-model';

/**
 * One decision on one stream inside a caller's transaction: load, decide, append at the version seen,
 * and update the inline read model. Several decisions in one transaction commit together or not at all
 * (synonyms touch the main tag and each synonym), and the tag-creation saga decides inside the
 * transaction that moves its checkpoint.
 */
export async function decideOn<S, C, E extends NewEvent>(
  context: ServiceContext,
  tx: Tx,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  actorId: string | null,
): Promise<{ state: S; events: StoredEvent[] }> {
  const history = await context.store.readStream(streamId, {}, tx);
  let state = foldEvents(decider, history as unknown as E[]);
  const decided = decider.decide(command, state);
  for (const event of decided) state = decider.evolve(state, event);
  const { events } = await context.store.append(streamId, history.length, decided, { actorId }, tx);
  for (const event of events) await applyTagsEvent(tx, event);
  return { state, events };
}

const UNIQUE_VIOLATION = '23505';
const MAX_ATTEMPTS = 5;

/**
 * Runs a unit of work in a transaction, again on a fresher state when another writer appended to the
 * same stream first (or PostgreSQL chose it as a deadlock's victim). A slug taken meanwhile by another
 * tag is the client's "already exists".
 */
export async function inTransaction<T>(context: ServiceContext, work: (tx: Tx) => Promise<T>, slug?: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await context.database.db.transaction().execute(work);
      // Cached reads of this process see the write at once (other replicas hear of it by NOTIFY).
      context.changes.changed();
      return result;
    } catch (error) {
      if ((error instanceof ConcurrencyError || isRetryablePgError(error)) && attempt < MAX_ATTEMPTS) continue;
      const pg = error as { code?: string; constraint?: string };
      if (pg.code === UNIQUE_VIOLATION && pg.constraint === 'tags_slug_name_key') {
        throw errors.business('error.tag.already_exists', 'error.tag.already_exists', undefined, { slug: slug ?? '' });
      }
      throw error;
    }
  }
}
