import type { EventBus, FollowedEvent } from '@agora/platform';
import { MESSAGE_TYPES } from './event-messages';
import type { LiveEntry, Ring } from './ring';

/** What a resume could not be given from the ring or the log within the bound: the client reloads. */
export class TooFarBehind extends Error {
  constructor(readonly source: string) {
    super(`a resume further back than the log can be replayed (${source})`);
  }
}

/** A read of the log that the ring had no room for: served to those it covers while the ring has not moved. */
interface Unkept {
  from: string;
  start: string;
  entries: LiveEntry[];
}

/**
 * Serves a resume from the ring, extending it back from the log when the client's position is older than the ring's
 * start (docs/adr/0099-live-pages.md). One read of the log per source at a time, from the earliest position any
 * waiting client asked for, whose messages then serve them all: after a gateway restart thousands of streams
 * reconnect at once, each a little further back than the ring, and would otherwise read the log one after another.
 */
export class Backfill {
  private readonly reading = new Map<string, Promise<void>>();
  /** Per source, the earliest position a waiting client needs. */
  private readonly wanted = new Map<string, string>();
  /** Per source, the earliest position found too far back. */
  private readonly tooFar = new Map<string, string>();
  private readonly unkept = new Map<string, Unkept>();

  constructor(
    private readonly bus: EventBus,
    private readonly ring: Ring,
    private readonly limit: number,
    private readonly entriesOf: (source: string, followed: FollowedEvent) => LiveEntry[],
  ) {}

  /**
   * The messages of `source` on `topics` after `cursor` and at or before `until` (where the hub stood when the stream
   * attached: later ones reach it live). Throws TooFarBehind past the bound.
   */
  async since(source: string, cursor: string, topics: ReadonlySet<string>, until: string): Promise<LiveEntry[]> {
    const order = this.bus.cursors;
    const upTo = (entries: LiveEntry[]) =>
      entries.filter((e) => topics.has(e.topic) && order.isAfter(e.mark, cursor) && !order.isAfter(e.mark, until));
    for (;;) {
      if (this.ring.covers(source, cursor)) return upTo(this.ring.since(source, cursor, topics));
      const unkept = this.unkept.get(source);
      if (unkept && order.reaches(cursor, unkept.from) && this.ring.startOf(source) === unkept.start) {
        return upTo([...unkept.entries, ...this.ring.since(source, unkept.start, topics)]);
      }
      const failed = this.tooFar.get(source);
      if (failed !== undefined && order.reaches(failed, cursor)) throw new TooFarBehind(source);
      const earliest = this.wanted.get(source);
      this.wanted.set(source, earliest === undefined ? cursor : order.earliest(earliest, cursor));
      await this.turn(source);
    }
  }

  /** Waits for the read under way for the source, or starts one from the earliest position wanted. */
  private turn(source: string): Promise<void> {
    const under = this.reading.get(source);
    if (under) return under;
    const from = this.wanted.get(source);
    const start = this.ring.startOf(source);
    this.wanted.delete(source);
    if (from === undefined || start === undefined) return Promise.resolve();
    const read = this.extend(source, from, start)
      .catch((error) => {
        if (!(error instanceof TooFarBehind)) throw error;
        const failed = this.tooFar.get(source);
        this.tooFar.set(source, failed === undefined ? from : this.bus.cursors.earliest(failed, from));
      })
      .finally(() => this.reading.delete(source));
    this.reading.set(source, read);
    return read;
  }

  /**
   * Reads the recent past of every source into the ring (about `events` entries of each before the follower's start),
   * as a gateway starts: the streams that reconnect after a restart find what they missed in memory.
   */
  async warm(sources: readonly string[], events: number): Promise<void> {
    await Promise.all(
      sources.map(async (source) => {
        const start = this.ring.startOf(source);
        if (start === undefined) return;
        this.wanted.set(source, await this.bus.cursorBefore(source, start, events));
        await this.turn(source);
      }),
    );
  }

  /** Reads the log from `from` to the ring's start into the ring, or aside when it has no room for it. */
  private async extend(source: string, from: string, start: string): Promise<void> {
    const replayed = await this.bus.replay(source, from, { until: start, types: MESSAGE_TYPES, limit: this.limit });
    if (replayed.tooFar) throw new TooFarBehind(source);
    const now = Date.now();
    const entries = replayed.events.flatMap((followed) =>
      this.entriesOf(source, followed).map((entry) => ({ ...entry, at: now })),
    );
    if (!this.ring.prepend(source, entries, from, start)) this.unkept.set(source, { from, start, entries });
  }
}
