import type { NewEvent } from '@agora/contracts';
import type { Db, Tx } from '../db/database';
import { ConcurrencyError } from '../eventstore/errors';
import type { EventStore } from '../eventstore/event-store';
import type { AppendOptions, StoredEvent } from '../eventstore/types';
import type { Decider } from './decider';

export interface CommandResult<State> {
  state: State;
  events: StoredEvent[];
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
  /** The stream id was made just now (a new post): there is no history to read on the first attempt. */
  newStream?: boolean;
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
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (tx) => {
        const history = options.newStream && attempt === 1 ? [] : await store.readStream(streamId, {}, tx);
        let state = decider.initialState();
        for (const event of history) state = decider.evolve(state, event as unknown as Event);
        const decided = decider.decide(command, state);
        for (const event of decided) state = decider.evolve(state, event);
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
