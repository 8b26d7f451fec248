import type { NewEvent } from '@agora/contracts';
import type { Db, Tx } from '../db/database';
import { ConcurrencyError } from '../eventstore/errors';
import type { EventStore, InlineWrites, PendingEvent } from '../eventstore/event-store';
import type { AppendOptions, StoredEvent } from '../eventstore/types';
import type { Decider } from './decider';

export interface CommandResult<State> {
  state: State;
  events: StoredEvent[];
  /** What the inline writes of `projectInStatement` read back, when they ran. */
  inline?: unknown;
}

export interface ExecuteCommandOptions<State, Command, Event extends NewEvent> {
  db: Db;
  store: EventStore;
  streamId: string;
  decider: Decider<State, Command, Event>;
  command: Command;
  metadata?: AppendOptions;
  /** Inline projections: updated in the transaction that appends, so the caller reads its own write. */
  project?: (tx: Tx, events: StoredEvent[]) => Promise<void>;
  maxAttempts?: number;
  /**
   * The stream id was made just now (a new post), or the stream is most likely new (a member's first vote on a
   * post): there is no history to read on the first attempt. A stream that exists after all fails that attempt's
   * append, and the next one reads its history.
   */
  newStream?: boolean;
  /**
   * For a new stream: the inline projections as writes of the append's own statement (one round trip, no
   * transaction), or null when these events have no such form and `project` applies them instead.
   */
  projectInStatement?: (events: PendingEvent<Event>[]) => InlineWrites | null;
}

/**
 * Loads a stream, decides the command against its state and appends the outcome with the version it
 * saw. When another command got there first, the whole step runs again on the fresher state.
 */
export async function executeCommand<State, Command, Event extends NewEvent>(
  options: ExecuteCommandOptions<State, Command, Event>,
): Promise<CommandResult<State>> {
  const { db, store, streamId, decider, command } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const decideAfter = (history: readonly StoredEvent[]) => {
    let state = decider.initialState();
    for (const event of history) state = decider.evolve(state, event as unknown as Event);
    const decided = decider.decide(command, state);
    for (const event of decided) state = decider.evolve(state, event);
    return { state, decided };
  };
  for (let attempt = 1; ; attempt++) {
    try {
      // A new stream has no history to read on the first attempt: its decision is made once, up front.
      const fresh = options.newStream && attempt === 1 ? decideAfter([]) : null;
      if (fresh && fresh.decided.length > 0 && options.projectInStatement) {
        const pending = store.pendingStream(streamId, fresh.decided);
        const writes = options.projectInStatement(pending);
        if (writes) {
          const started = await store.startStream(pending, options.metadata ?? {}, writes);
          return { state: fresh.state, events: started.events, inline: started.inline };
        }
      }
      return await db.transaction().execute(async (tx) => {
        const history = fresh ? [] : await store.readStream(streamId, {}, tx);
        const { state, decided } = fresh ?? decideAfter(history);
        const { events } = await store.append(streamId, history.length, decided, options.metadata, tx);
        if (events.length > 0) await options.project?.(tx, events);
        return { state, events };
      });
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < maxAttempts) continue;
      throw error;
    }
  }
}
