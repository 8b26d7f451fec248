/** Choices the virtual users make, from a source of numbers in [0, 1) (`Math.random` unless a test gives one). */

/** An item of a non-empty list. */
export function pick(items, random) {
  return items[Math.floor(random() * items.length) % items.length];
}

/** An action by its weight: one of weight 20 is chosen twice as often as one of weight 10. */
export function pickWeighted(actions, random) {
  const total = actions.reduce((sum, action) => sum + action.weight, 0);
  let left = random() * total;
  for (const action of actions) {
    left -= action.weight;
    if (left < 0) return action;
  }
  return actions[actions.length - 1];
}

/** Seconds of think time between a user's requests, uniform in the scenario's range. */
export function thinkSeconds(range, random) {
  return range.min + random() * (range.max - range.min);
}

/** A whole number from `min` to `max`, both included. */
export function between(min, max, random) {
  return min + Math.floor(random() * (max - min + 1));
}
