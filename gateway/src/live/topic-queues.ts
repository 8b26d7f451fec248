import type { LiveEntry } from './ring';

/** One topic's messages in the ring, oldest first (a queue that lets go from its front). */
class TopicQueue {
  private items: LiveEntry[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(entry: LiveEntry): void {
    this.items.push(entry);
  }

  /** The oldest, when it is `entry` (the ring lets go of its oldest message, the oldest of its topic too). */
  dropOldest(entry: LiveEntry): void {
    if (this.items[this.head] !== entry) return;
    this.items[this.head] = undefined as unknown as LiveEntry;
    this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }

  /** Older messages in front, in order. */
  prepend(entries: LiveEntry[]): void {
    this.items = [...entries, ...this.items.slice(this.head)];
    this.head = 0;
  }

  *values(): IterableIterator<LiveEntry> {
    for (let i = this.head; i < this.items.length; i++) {
      const entry = this.items[i];
      if (entry) yield entry;
    }
  }
}

/**
 * The ring's messages by topic, so that a resume looks only at its own topics' (a few) instead of the whole ring
 * (thousands): ten thousand streams reconnecting at once after a restart each read their topics' messages only.
 */
export class TopicQueues {
  private readonly byTopic = new Map<string, TopicQueue>();

  push(entry: LiveEntry): void {
    let queue = this.byTopic.get(entry.topic);
    if (!queue) {
      queue = new TopicQueue();
      this.byTopic.set(entry.topic, queue);
    }
    queue.push(entry);
  }

  dropOldest(entry: LiveEntry): void {
    const queue = this.byTopic.get(entry.topic);
    queue?.dropOldest(entry);
    if (queue?.size === 0) this.byTopic.delete(entry.topic);
  }

  /** Older messages (of one source, in order) in front of their topics' queues. */
  prepend(entries: LiveEntry[]): void {
    const byTopic = new Map<string, LiveEntry[]>();
    for (const entry of entries) byTopic.set(entry.topic, [...(byTopic.get(entry.topic) ?? []), entry]);
    for (const [topic, older] of byTopic) {
      let queue = this.byTopic.get(topic);
      if (!queue) {
        queue = new TopicQueue();
        this.byTopic.set(topic, queue);
      }
      queue.prepend(older);
    }
  }

  of(topic: string): Iterable<LiveEntry> {
    return this.byTopic.get(topic)?.values() ?? [];
  }
}
