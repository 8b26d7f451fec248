/** A tab's topics, counted: two parts of a page may follow the same topic, which goes when the last lets go. */
export class TopicCounts {
  private readonly counts = new Map<string, number>();

  /** True when the tab did not follow the topic before. */
  add(topic: string): boolean {
    const count = this.counts.get(topic) ?? 0;
    this.counts.set(topic, count + 1);
    return count === 0;
  }

  /** True when the tab follows the topic no more. */
  remove(topic: string): boolean {
    const count = this.counts.get(topic) ?? 0;
    if (count <= 1) return this.counts.delete(topic);
    this.counts.set(topic, count - 1);
    return false;
  }

  has(topic: string): boolean {
    return this.counts.has(topic);
  }

  list(): string[] {
    return [...this.counts.keys()].sort();
  }
}
