import type { BusCursor, CursorOrder } from '@agora/platform';
import { TopicQueues } from './topic-queues';

/** A message with its place in the log, as the hub keeps and sends it. */
export interface LiveEntry {
  /** The hub's topic (a member's own is `me:<user id>`). */
  topic: string;
  source: string;
  /** Where its event sits in its source's log. */
  mark: string;
  /** The source's cursor past its event. */
  cursor: string;
  /** The `data:` of its frame (the wire message as JSON), built once for every stream. */
  data: string;
  /** When it was kept (ms). */
  at: number;
  /** A question's status changed (whom the API shows it to may have). */
  statusChange?: true;
  /** A question status that may hide it from some of its watchers (they are asked again). */
  narrows?: true;
  /** Its place in the ring, set as the ring takes it. */
  seq?: number;
}

/**
 * The recent messages, bounded by count and age (docs/adr/0099-live-pages.md): a reconnect whose position is within
 * it is served from memory. For each source it knows from where it holds every message (`startOf`): the follower's
 * start at first, then the cursor past each message it lets go.
 */
export class Ring {
  private readonly slots: Array<LiveEntry | undefined>;
  private head = 0;
  private size = 0;
  private readonly start: BusCursor;
  private readonly topics = new TopicQueues();
  private nextSeq = 0;
  private firstSeq = -1;

  constructor(
    started: BusCursor,
    private readonly order: CursorOrder,
    private readonly limits: { messages: number; ageMs: number },
  ) {
    this.slots = new Array(limits.messages);
    this.start = { ...started };
  }

  get length(): number {
    return this.size;
  }

  push(entry: LiveEntry): void {
    if (this.size === this.slots.length) this.dropOldest();
    this.slots[(this.head + this.size) % this.slots.length] = entry;
    this.size += 1;
    entry.seq = this.nextSeq++;
    this.topics.push(entry);
    this.trim(entry.at);
  }

  /** Lets go of what is older than the age bound. */
  trim(now: number): void {
    while (this.size > 0) {
      const oldest = this.slots[this.head];
      if (!oldest || now - oldest.at <= this.limits.ageMs) return;
      this.dropOldest();
    }
  }

  private dropOldest(): void {
    const oldest = this.slots[this.head];
    if (oldest) {
      this.start[oldest.source] = oldest.cursor;
      this.topics.dropOldest(oldest);
    }
    this.slots[this.head] = undefined;
    this.head = (this.head + 1) % this.slots.length;
    this.size -= 1;
  }

  /**
   * Puts messages read from the log before the ring's oldest of their source (a backfill), so that the ring then holds
   * every message of the source after `from`. Refused (false) when there is no room for them, or the ring let go of
   * messages of the source since `expectedStart` was read.
   */
  prepend(source: string, entries: LiveEntry[], from: string, expectedStart: string): boolean {
    if (this.start[source] !== expectedStart || this.size + entries.length > this.slots.length) return false;
    for (let i = entries.length - 1; i >= 0; i--) {
      this.head = (this.head - 1 + this.slots.length) % this.slots.length;
      const entry = entries[i];
      if (entry) entry.seq = this.firstSeq--;
      this.slots[this.head] = entry;
      this.size += 1;
    }
    this.topics.prepend(entries);
    this.start[source] = from;
    return true;
  }

  /** From where the ring holds every message of a source. */
  startOf(source: string): string | undefined {
    return this.start[source];
  }

  /** Whether every message of the source after `cursor` is here. */
  covers(source: string, cursor: string): boolean {
    const start = this.start[source];
    return start !== undefined && this.order.reaches(cursor, start);
  }

  /** The messages of a source on one of `topics` after `cursor`, in order. */
  since(source: string, cursor: string, topics: ReadonlySet<string>): LiveEntry[] {
    const found: LiveEntry[] = [];
    for (const topic of topics) {
      for (const entry of this.topics.of(topic)) {
        if (entry.source === source && this.order.isAfter(entry.mark, cursor)) found.push(entry);
      }
    }
    // Several topics' messages back in the ring's order (the order they were taken in, per source the log's).
    if (topics.size > 1) found.sort((a, b) => this.orderOf(a) - this.orderOf(b));
    return found;
  }

  private orderOf(entry: LiveEntry): number {
    return entry.seq ?? 0;
  }
}
