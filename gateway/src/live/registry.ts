import type { LiveStream } from './stream';
import type { StreamEnd } from './stream-ends';

function lessen(counts: Map<string, number>, key: string): void {
  const n = (counts.get(key) ?? 0) - 1;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

/** The streams open on this gateway: by topic, and counted per member and per address for the route's bounds. */
export class StreamRegistry {
  private readonly byTopic = new Map<string, Set<LiveStream>>();
  private readonly all = new Set<LiveStream>();
  private readonly perMember = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();

  get size(): number {
    return this.all.size;
  }

  streams(): IterableIterator<LiveStream> {
    return this.all.values();
  }

  watchersOf(topic: string): Set<LiveStream> | undefined {
    return this.byTopic.get(topic);
  }

  /** Streams open now of a member, and from an address. */
  counts(owner: { userId: string | null; address: string }): { member: number; address: number } {
    return {
      member: owner.userId === null ? 0 : (this.perMember.get(owner.userId) ?? 0),
      address: this.perAddress.get(owner.address) ?? 0,
    };
  }

  add(stream: LiveStream): void {
    this.all.add(stream);
    const { userId, address } = stream.owner;
    if (userId !== null) this.perMember.set(userId, (this.perMember.get(userId) ?? 0) + 1);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    for (const topic of stream.topics) {
      let watchers = this.byTopic.get(topic);
      if (!watchers) {
        watchers = new Set();
        this.byTopic.set(topic, watchers);
      }
      watchers.add(stream);
    }
  }

  remove(stream: LiveStream): void {
    if (!this.all.delete(stream)) return;
    const { userId, address } = stream.owner;
    if (userId !== null) lessen(this.perMember, userId);
    lessen(this.perAddress, address);
    for (const topic of stream.topics) this.unwatch(stream, topic);
  }

  /** A stream may no longer follow a topic. */
  drop(stream: LiveStream, topic: string): void {
    stream.topics.delete(topic);
    this.unwatch(stream, topic);
  }

  private unwatch(stream: LiveStream, topic: string): void {
    const watchers = this.byTopic.get(topic);
    watchers?.delete(stream);
    if (watchers?.size === 0) this.byTopic.delete(topic);
  }

  /** The streams a sign-out, a suspension or the site turning private ends. */
  endedBy(end: StreamEnd): LiveStream[] {
    return [...this.all].filter((stream) => {
      const owner = stream.owner;
      return 'anonymous' in end
        ? owner.userId === null
        : owner.userId === end.userId && (end.sessionId === null || end.sessionId === owner.sessionId);
    });
  }
}
