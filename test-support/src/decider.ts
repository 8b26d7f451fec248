import type { NewEvent } from '@agora/contracts';
import { ApiError, type Decider, foldEvents } from '@agora/platform';

/** `given(...history).when(command)`: the events a decider decides, for given-when-then unit tests. */
export function givenWhen<S, C, E extends NewEvent>(decider: Decider<S, C, E>) {
  return (...events: E[]) => ({
    when: (command: C) => decider.decide(command, foldEvents(decider, events)),
  });
}

/** The API error a decision is refused with; fails the test if it is not refused. */
export function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}
