/** A post's vote state as the API says it: `vote_up`, `vote_down`, or none. */
export type VoteStatus = string;

const delta = { vote_up: 1, vote_down: -1 } as Record<string, number>;

/** What a vote from `before` to `after` does to the score, as the stream tells it: the cancel, then the cast. */
export function voteDeltas(before: VoteStatus, after: VoteStatus): number[] {
  const changes: number[] = [];
  if (before in delta) changes.push(-(delta[before] ?? 0));
  if (after in delta) changes.push(delta[after] ?? 0);
  return changes;
}

/** How long a vote of one's own waits for its message before it is forgotten. */
const EXPECTED_FOR_MS = 60_000;

/**
 * The member's own votes in this tab, until the stream brings them back: the page set the score from the vote's
 * answer already, so its message is not added again. Deltas commute, so whichever message of the same delta is
 * taken, the score ends the same.
 */
export class OwnVotes {
  private readonly expected = new Map<string, { delta: number; until: number }[]>();

  constructor(private readonly now: () => number = Date.now) {}

  expect(objectId: string, deltas: number[]): void {
    const until = this.now() + EXPECTED_FOR_MS;
    const list = this.live(objectId);
    for (const d of deltas) list.push({ delta: d, until });
    this.expected.set(objectId, list);
  }

  /** The vote failed: nothing will come. */
  forget(objectId: string, deltas: number[]): void {
    const list = this.live(objectId);
    for (const d of deltas) {
      const at = list.findIndex((e) => e.delta === d);
      if (at >= 0) list.splice(at, 1);
    }
    this.expected.set(objectId, list);
  }

  /** True (and taken) when the message is one of the member's own votes. */
  take(objectId: string, d: number): boolean {
    const list = this.live(objectId);
    const at = list.findIndex((e) => e.delta === d);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.expected.delete(objectId);
    else this.expected.set(objectId, list);
    return at >= 0;
  }

  private live(objectId: string) {
    const now = this.now();
    return (this.expected.get(objectId) ?? []).filter((e) => e.until > now);
  }
}

/** The tab's own votes (the kit is loaded once a page). */
export const ownVotes = new OwnVotes();
