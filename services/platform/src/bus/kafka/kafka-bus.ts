import { type Admin, Kafka, logLevel } from 'kafkajs';
import type { Logger } from 'pino';
import type { ServiceDatabase, Tx } from '../../db/database';
import { takeGroupTurn } from '../group-turn';
import type {
  ConsumeOptions,
  ConsumerHandle,
  EventBus,
  FollowerHandle,
  FollowOptions,
  PublisherHandle,
  ReplayOptions,
  ReplayResult,
  SourceCursor,
} from '../port';
import { KafkaGroupConsumer } from './kafka-consumer';
import { pinoLogCreator } from './kafkajs-logger';
import { deleteOffsets, readOffsets } from './offsets';
import { OutboxRelay } from './outbox-relay';
import { offsetsBefore, topicCursorOrder } from './topic-cursors';
import { followTopics, readerGroupId, type TopicReaderParts } from './topic-follower';
import { replayTopic } from './topic-replay';
import { groupName, TopicRegistry, topicName } from './topics';

export interface KafkaBusOptions {
  brokers: string[];
  /** Partitions of a topic created by this bus. */
  partitions: number;
  /** Prefix of topic and group names. */
  prefix: string;
  clientId: string;
  log: Logger;
  sessionTimeoutMs?: number;
  heartbeatIntervalMs?: number;
  rebalanceTimeoutMs?: number;
}

/** Whether every failure of a DeleteGroups call says the group does not exist (nothing to reset). */
function isUnknownGroup(error: unknown): boolean {
  const e = error as { type?: string; groups?: Array<{ error?: { type?: string } }> } | null;
  if (e?.type === 'GROUP_ID_NOT_FOUND') return true;
  return (
    Array.isArray(e?.groups) && e.groups.length > 0 && e.groups.every((g) => g.error?.type === 'GROUP_ID_NOT_FOUND')
  );
}

/**
 * The Kafka bus (DESIGN §3): each producing service has a topic fed by its outbox relay from its
 * `events` table; consumers read the topic in groups and keep their offsets in their own database,
 * in the transaction that applies the events.
 */
export class KafkaEventBus implements EventBus {
  readonly kind = 'kafka' as const;
  readonly cursors = topicCursorOrder;
  private readonly kafka: Kafka;
  private readonly topics: TopicRegistry;
  private adminClient: Promise<Admin> | null = null;
  private readonly relays = new Set<OutboxRelay>();
  private readonly consumers = new Set<KafkaGroupConsumer>();
  private readonly followers = new Set<FollowerHandle>();
  private closed = false;

  constructor(private readonly options: KafkaBusOptions) {
    if (options.brokers.length === 0) throw new Error('The Kafka bus needs at least one broker (KAFKA_BROKERS)');
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.INFO,
      logCreator: pinoLogCreator(options.log.child({ component: 'kafkajs' })),
      connectionTimeout: 3_000,
      retry: { initialRetryTime: 100, maxRetryTime: 5_000, retries: 8 },
    });
    this.topics = new TopicRegistry(() => this.admin(), options.partitions, options.log);
  }

  private admin(): Promise<Admin> {
    if (this.closed) return Promise.reject(new Error('The Kafka bus is closed'));
    this.adminClient ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })().catch((error) => {
      this.adminClient = null;
      throw error;
    });
    return this.adminClient;
  }

  private topic(source: string): string {
    return topicName(this.options.prefix, source);
  }

  async publish(producer: ServiceDatabase): Promise<PublisherHandle> {
    const topic = this.topic(producer.schema);
    await this.topics.ensure(topic);
    const relay = new OutboxRelay({
      kafka: this.kafka,
      producer,
      topic,
      ensureTopic: () => this.topics.ensure(topic),
      log: this.options.log,
    });
    this.relays.add(relay);
    relay.start();
    return {
      published: (timeoutMs) => relay.published(timeoutMs),
      stop: async () => {
        this.relays.delete(relay);
        await relay.stop();
      },
    };
  }

  async consume(options: ConsumeOptions): Promise<ConsumerHandle> {
    const topic = this.topic(options.source);
    await this.topics.ensure(topic);
    const consumer = new KafkaGroupConsumer({
      kafka: this.kafka,
      admin: () => this.admin(),
      topic,
      groupId: groupName(this.options.prefix, options.consumer.schema, options.group),
      options,
      concurrency: this.options.partitions,
      log: this.options.log,
      sessionTimeout: this.options.sessionTimeoutMs,
      heartbeatInterval: this.options.heartbeatIntervalMs,
      rebalanceTimeout: this.options.rebalanceTimeoutMs,
    });
    this.consumers.add(consumer);
    try {
      await consumer.start();
    } catch (error) {
      this.consumers.delete(consumer);
      await consumer.stop().catch(() => {});
      throw error;
    }
    return {
      get paused() {
        return consumer.paused;
      },
      pause: () => consumer.pause(),
      resume: () => consumer.resume(),
      catchUp: (catchUp) => consumer.catchUp(catchUp),
      stop: async () => {
        this.consumers.delete(consumer);
        await consumer.stop();
      },
    };
  }

  private readerParts(): TopicReaderParts {
    return {
      kafka: this.kafka,
      admin: () => this.admin(),
      topicOf: async (source) => {
        const topic = this.topic(source);
        await this.topics.ensure(topic);
        return topic;
      },
      groupId: () => readerGroupId(this.options.prefix),
      log: this.options.log,
    };
  }

  async follow(options: FollowOptions): Promise<FollowerHandle> {
    const follower = await followTopics(this.readerParts(), options);
    this.followers.add(follower);
    return {
      started: follower.started,
      stop: async () => {
        this.followers.delete(follower);
        await follower.stop();
      },
    };
  }

  replay(source: string, from: SourceCursor, options: ReplayOptions): Promise<ReplayResult> {
    return replayTopic(this.readerParts(), source, from, options);
  }

  async cursorBefore(source: string, until: SourceCursor, events: number): Promise<SourceCursor> {
    const topic = this.topic(source);
    if (!(await this.topics.exists(topic))) return until;
    return offsetsBefore(await (await this.admin()).fetchTopicOffsets(topic), until, events);
  }

  async holdGroup(tx: Tx, consumer: ServiceDatabase, group: string): Promise<void> {
    // Every transaction of the group takes its turn first (KafkaConsumer.applyChunk).
    await takeGroupTurn(tx, consumer.schema, group);
  }

  async resetPosition(consumer: ServiceDatabase, group: string, source: string): Promise<void> {
    const topic = this.topic(source);
    const groupId = groupName(this.options.prefix, consumer.schema, group);
    // PostgreSQL is the truth: without rows the group starts at the beginning of each partition.
    await deleteOffsets(consumer.db, groupId, topic);
    if (!(await this.topics.exists(topic))) return;
    // Kafka's committed offsets too (the group is stopped), so that tools showing the group agree. Deleting
    // the group's offsets is a reset to earliest, since the group reads `fromBeginning`; admin.resetOffsets
    // would do the same by joining the group with a paused consumer, which costs a 5 s fetch wait.
    try {
      const admin = await this.admin();
      await admin.deleteGroups([groupId]);
    } catch (error) {
      if (isUnknownGroup(error)) return;
      this.options.log.warn({ err: error, groupId, topic }, 'could not reset the kafka offsets of the group');
    }
  }

  async lag(consumer: ServiceDatabase, group: string, source: string): Promise<number> {
    const topic = this.topic(source);
    if (!(await this.topics.exists(topic))) return 0;
    const groupId = groupName(this.options.prefix, consumer.schema, group);
    const admin = await this.admin();
    const [watermarks, stored] = await Promise.all([
      admin.fetchTopicOffsets(topic),
      readOffsets(consumer.db, groupId, topic),
    ]);
    let lag = 0n;
    for (const { partition, high, low } of watermarks) {
      const from = stored.get(partition)?.nextOffset ?? BigInt(low);
      const behind = BigInt(high) - from;
      if (behind > 0n) lag += behind;
    }
    return Number(lag);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.followers].map((f) => f.stop().catch(() => {})));
    this.followers.clear();
    await Promise.all([...this.consumers].map((c) => c.stop().catch(() => {})));
    await Promise.all([...this.relays].map((r) => r.stop().catch(() => {})));
    this.consumers.clear();
    this.relays.clear();
    this.closed = true;
    const admin = this.adminClient;
    this.adminClient = null;
    await admin?.then((a) => a.disconnect()).catch(() => {});
  }
}
