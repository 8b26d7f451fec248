/**
 * The first item of a list that cannot be empty: the row of a statement that always returns one (an
 * aggregate, the `returning` of a row it just wrote), the event of a one-event append. An empty list is a
 * bug, reported with `what` was expected.
 */
export function first<T>(list: readonly T[], what: string): T {
  const [item] = list;
  if (item === undefined) throw new Error(`expected ${what}, found none`);
  return item;
}

/** Items of two lists of one length side by side; lists of different lengths are a bug. */
export function zip<A, B>(left: readonly A[], right: readonly B[]): [A, B][] {
  if (left.length !== right.length) throw new Error(`cannot pair ${left.length} items with ${right.length}`);
  return left.map((item, i) => [item, itemAt(right, i)]);
}

/** The item at `index` of a list (a pick in turn or at random, `i % list.length`); out of range is a bug. */
export function itemAt<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index} in a list of ${list.length}`);
  return item;
}
