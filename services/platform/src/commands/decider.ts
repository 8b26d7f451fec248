import type { NewEvent } from '@agora/contracts';

/** A pure aggregate: state rebuilt from events, and commands decided against it (no I/O). */
export interface Decider<State, Command, Event extends NewEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  /** Returns the events a command causes, or throws an ApiError for a refusal. */
  decide(command: Command, state: State): Event[];
}

export function foldEvents<State, Event extends NewEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}
