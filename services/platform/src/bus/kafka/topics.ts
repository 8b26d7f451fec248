import type { Admin } from 'kafkajs';
import type { Logger } from 'pino';

/** The topic of a producing service: its durable, ordered event log on Kafka. */
export function topicName(prefix: string, source: string): string {
  return `${prefix}.${source}.events`;
}

/** A consumer group is named after the consuming service and its logical group, so two services never share one. */
export function groupName(prefix: string, consumerSchema: string, group: string): string {
  return `${prefix}.${consumerSchema}.${group}`;
}

function isTopicAlreadyExists(error: unknown): boolean {
  const e = error as { type?: string; errors?: unknown[]; message?: string } | null;
  if (e?.type === 'TOPIC_ALREADY_EXISTS') return true;
  // createTopics wraps per-topic failures in a KafkaJSAggregateError.
  if (Array.isArray(e?.errors) && e.errors.length > 0) return e.errors.every(isTopicAlreadyExists);
  return /already exists/i.test(e?.message ?? '');
}

/**
 * Creates topics on demand and remembers which exist. Retention is unlimited: the topics are the log
 * that a rebuild replays from offset zero.
 */
export class TopicRegistry {
  private readonly known = new Set<string>();
  private readonly creating = new Map<string, Promise<void>>();

  constructor(
    private readonly admin: () => Promise<Admin>,
    private readonly partitions: number,
    private readonly log: Logger,
  ) {}

  async ensure(topic: string): Promise<void> {
    if (this.known.has(topic)) return;
    let pending = this.creating.get(topic);
    if (!pending) {
      pending = this.create(topic).finally(() => this.creating.delete(topic));
      this.creating.set(topic, pending);
    }
    await pending;
  }

  private async create(topic: string): Promise<void> {
    // Usually the topic is there already; asking first keeps the broker's "already exists" error out of the logs.
    if (await this.exists(topic)) return;
    const admin = await this.admin();
    try {
      const created = await admin.createTopics({
        // kafkajs's own wait gives up on a fresh broker's "does not host this topic-partition";
        // waitUntilServed below retries until every partition answers.
        waitForLeaders: false,
        topics: [
          {
            topic,
            numPartitions: this.partitions,
            replicationFactor: 1,
            configEntries: [{ name: 'retention.ms', value: '-1' }],
          },
        ],
      });
      if (created) this.log.info({ topic, partitions: this.partitions }, 'created topic');
    } catch (error) {
      if (!isTopicAlreadyExists(error)) throw error;
    }
    await this.waitUntilServed(topic);
    this.known.add(topic);
  }

  /**
   * A new topic is listed before its partitions are served (on a freshly started broker that takes
   * seconds): wait until every partition answers with its offsets, so no caller sees
   * "This server does not host this topic-partition".
   */
  private async waitUntilServed(topic: string, timeoutMs = 30_000): Promise<void> {
    const admin = await this.admin();
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 1; ; attempt++) {
      try {
        const offsets = await admin.fetchTopicOffsets(topic);
        if (offsets.length > 0) return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * attempt, 500)));
    }
  }

  /** Whether a topic exists, without creating it (a negative answer is asked again next time). */
  async exists(topic: string): Promise<boolean> {
    if (this.known.has(topic)) return true;
    const admin = await this.admin();
    const topics = await admin.listTopics();
    if (!topics.includes(topic)) return false;
    await this.waitUntilServed(topic);
    this.known.add(topic);
    return true;
  }
}
