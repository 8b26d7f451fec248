import { Live } from '@agora/contracts/live/limits';
import { LiveTopic } from '@agora/contracts/live/messages';

/** The member's own and staff topics first: a page of many questions may not crowd out the header's counts. */
const rank = (topic: string) => (topic.startsWith(LiveTopic.questionPrefix) ? 1 : 0);

/**
 * What the leading tab asks the stream for: the union of every tab's topics, less those the gateway refused (a
 * deleted question, `review` after a role change), at most `Live.maxTopics`. A refusal is forgotten once no tab
 * follows the topic, or when the member signs in or out.
 */
export class TopicUnion {
  private readonly byTab = new Map<string, ReadonlySet<string>>();
  private readonly refused = new Set<string>();

  /** A tab's whole set of topics (it sends all of them at each change). */
  set(tab: string, topics: readonly string[]): void {
    if (topics.length === 0) this.byTab.delete(tab);
    else this.byTab.set(tab, new Set(topics));
  }

  /** A tab closed. */
  drop(tab: string): void {
    this.byTab.delete(tab);
  }

  refuse(topics: readonly string[]): void {
    for (const topic of topics) this.refused.add(topic);
  }

  forgetRefusals(): void {
    this.refused.clear();
  }

  /** Does any tab follow the topic (granted or not)? */
  followed(topic: string): boolean {
    for (const topics of this.byTab.values()) if (topics.has(topic)) return true;
    return false;
  }

  /** The topics to ask for, in a stable order (the same union opens the same URL). */
  topics(): string[] {
    const all = new Set<string>();
    for (const topics of this.byTab.values()) for (const topic of topics) all.add(topic);
    for (const topic of this.refused) if (!all.has(topic)) this.refused.delete(topic);
    return [...all]
      .filter((topic) => !this.refused.has(topic))
      .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, Live.maxTopics);
  }
}
