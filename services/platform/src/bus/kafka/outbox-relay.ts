import { setTimeout as sleep } from 'node:timers/promises';
import type { Kafka, Producer } from 'kafkajs';
import { Partitioners } from 'kafkajs';
import pg from 'pg';
import type { Logger } from 'pino';
import type { ServiceDatabase } from '../../db/database';
import { EVENTS_CHANNEL, readLogAfter } from '../../eventstore/event-store';
import { comparePositions, LOG_START, type LogPosition, type StoredEvent } from '../../eventstore/types';
import { relayEventsPublished } from '../../observability/metrics';
import { laterPosition, newestUnread, readCheckpoint } from '../checkpoints';
import type { PublisherHandle } from '../port';
import { CROSS_REPLICA_RECHECK_MS, Progress } from '../progress';
import { parseEventsNotification, Wakeup } from '../wakeup';
import { encodeEvent } from './codec';

export const RELAY_CHECKPOINT = 'kafka-relay';

/**
 * Where the active relay tells every replica of its service how far it has published (`schema:xid:position`),
 * so that a write's reply held on a standby replica is let go at once, not at its next look at the checkpoint.
 */
export const RELAYED_CHANNEL = 'agora_relayed';

export interface OutboxRelaySettings {
  kafka: Kafka;
  producer: ServiceDatabase;
  topic: string;
  /** Creates the topic if needed, before the first send. */
  ensureTopic: () => Promise<void>;
  log: Logger;
  batchSize?: number;
  pollIntervalMs?: number;
  standbyRetryMs?: number;
  /** How often a held reply looks at the checkpoint when no relayed notification comes (the listener is down). */
  recheckMs?: number;
}

/**
 * Publishes one service's events to its topic, in log order, from the checkpoint `kafka-relay` on.
 * One relay per service is active across all processes (a session advisory lock); the others stand by.
 * The checkpoint moves only after Kafka acknowledged a batch: a crash re-publishes, never loses, and
 * consumers drop the copies by position.
 */
export class OutboxRelay implements PublisherHandle {
  private readonly wakeup = new Wakeup();
  private readonly log: Logger;
  private readonly lockKey: string;
  private stopped = false;
  private running: Promise<void> | null = null;
  private lockClient: pg.PoolClient | null = null;
  private lockLost = false;
  private active = false;
  private listener: pg.Client | null = null;
  private listenerRetry: NodeJS.Timeout | null = null;
  private kafkaProducer: Producer | null = null;
  /** The checkpoint as this relay (or, rechecked, the active one) moved it. */
  private readonly progress = new Progress<LogPosition>(LOG_START, laterPosition);

  constructor(private readonly settings: OutboxRelaySettings) {
    this.log = settings.log.child({ relay: settings.producer.schema, topic: settings.topic });
    this.lockKey = `agora:relay:${settings.producer.schema}`;
  }

  start(): void {
    this.running ??= this.run();
  }

  async published(timeoutMs: number): Promise<boolean> {
    const { producer } = this.settings;
    const target = await newestUnread(producer.db, producer.schema, RELAY_CHECKPOINT);
    if (!target) return true;
    this.wakeup.wake();
    return this.progress.until((position) => comparePositions(position, target) >= 0, timeoutMs, {
      everyMs: this.settings.recheckMs ?? CROSS_REPLICA_RECHECK_MS,
      read: () => readCheckpoint(producer.db, RELAY_CHECKPOINT),
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeup.wake();
    await this.running;
    if (this.listenerRetry) clearTimeout(this.listenerRetry);
    await this.listener?.end().catch(() => {});
    this.listener = null;
    await this.releaseLock();
    await this.kafkaProducer?.disconnect().catch(() => {});
    this.kafkaProducer = null;
  }

  private async run(): Promise<void> {
    this.listen();
    while (!this.stopped) {
      try {
        this.active = false;
        if (!(await this.acquireLock())) {
          await this.wakeup.wait(this.settings.standbyRetryMs ?? 2_000);
          continue;
        }
        this.log.info('outbox relay active');
        this.active = true;
        await this.relay();
      } catch (error) {
        if (this.stopped) break;
        this.log.error({ err: error }, 'outbox relay failed; retrying');
        await this.releaseLock();
        await this.wakeup.wait(1_000);
      }
    }
  }

  /** Takes the service's relay lock on a connection held for as long as the relay is active. */
  private async acquireLock(): Promise<boolean> {
    if (this.lockClient && !this.lockLost) return true;
    await this.releaseLock();
    const client = await this.settings.producer.sessionPool.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
        this.lockKey,
      ]);
      if (!rows[0]?.ok) {
        client.release();
        return false;
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    this.lockLost = false;
    client.on('error', this.onLockError);
    this.lockClient = client;
    return true;
  }

  private readonly onLockError = (error: Error) => {
    // The session, and with it the lock, is gone: another relay may take over, this one must stop.
    this.log.warn({ err: error }, 'outbox relay lost its lock connection');
    this.lockLost = true;
    this.wakeup.wake();
  };

  private async releaseLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = null;
    if (!client) return;
    client.off('error', this.onLockError);
    // Destroying the connection ends the session and so releases the advisory lock, even mid-error.
    client.release(true);
  }

  private listen(): void {
    if (this.listener || this.stopped) return;
    const client = new pg.Client({
      ...(this.settings.producer.sessionPool.options as pg.ClientConfig),
      application_name: `agora-relay-${this.settings.producer.schema}`,
    });
    this.listener = client;
    const retry = () => {
      if (this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => {});
      if (!this.stopped) {
        this.listenerRetry = setTimeout(() => this.listen(), 1_000);
        this.listenerRetry.unref();
      }
    };
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (message.channel === RELAYED_CHANNEL) {
        const published = parseRelayedNotification(payload, this.settings.producer.schema);
        if (published) this.progress.advance(published);
      } else if (this.active && parseEventsNotification(payload).source === this.settings.producer.schema) {
        this.wakeup.wake();
      }
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'outbox relay listener lost its connection; polling until it is back');
      retry();
    });
    client
      .connect()
      .then(() => client.query(`listen ${EVENTS_CHANNEL}; listen ${RELAYED_CHANNEL}`))
      .catch((error) => {
        this.log.warn({ err: error }, 'outbox relay listener could not connect; polling');
        retry();
      });
  }

  private async producer(): Promise<Producer> {
    if (this.kafkaProducer) return this.kafkaProducer;
    const producer = this.settings.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      retry: { initialRetryTime: 100, maxRetryTime: 5_000, retries: 10 },
    });
    await producer.connect();
    this.kafkaProducer = producer;
    return producer;
  }

  private async send(events: StoredEvent[]): Promise<void> {
    const producer = await this.producer();
    try {
      await producer.send({
        topic: this.settings.topic,
        acks: -1,
        messages: events.map((event) => ({
          key: event.streamId,
          value: encodeEvent(event),
          headers: { type: event.type, 'event-id': event.id },
        })),
      });
    } catch (error) {
      // Start over with a new producer id: the retry is a re-publication, which consumers filter out.
      this.kafkaProducer = null;
      await producer.disconnect().catch(() => {});
      throw error;
    }
  }

  private async writeCheckpoint(position: LogPosition): Promise<void> {
    // On the lock's own session: if the lock is gone, so is the connection, and the write fails.
    const client = this.lockClient;
    if (!client || this.lockLost) throw new Error('outbox relay lost its lock');
    await client.query(
      `with moved as (
         insert into checkpoints (name, transaction_id, global_position, updated_at)
         values ($1, $2::xid8, $3::bigint, now())
         on conflict (name) do update
           set transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()
         returning 1)
       select pg_notify($4, $5) from moved`,
      [
        RELAY_CHECKPOINT,
        position.transactionId,
        position.globalPosition,
        RELAYED_CHANNEL,
        `${this.settings.producer.schema}:${position.transactionId}:${position.globalPosition}`,
      ],
    );
  }

  /** The active loop: read after the checkpoint, send, then move the checkpoint; until stopped or the lock is lost. */
  private async relay(): Promise<void> {
    const { producer: service, topic } = this.settings;
    const batchSize = this.settings.batchSize ?? 500;
    const pollIntervalMs = this.settings.pollIntervalMs ?? 500;
    this.listen();
    await this.settings.ensureTopic();
    await this.producer();
    let position = await readCheckpoint(service.db, RELAY_CHECKPOINT);
    let failures = 0;
    let fenceWaits = 0;
    while (!this.stopped && !this.lockLost) {
      try {
        const { events, pendingBehindFence } = await readLogAfter(service.db, service.schema, position, batchSize);
        const last = events.at(-1)?.position;
        if (last) {
          await this.send(events);
          await this.writeCheckpoint(last);
          position = last;
          this.progress.advance(last);
          relayEventsPublished.inc({ service: service.schema }, events.length);
          failures = 0;
          fenceWaits = 0;
          continue;
        }
        failures = 0;
        if (pendingBehindFence) {
          // Newer events wait on an older transaction still open: look again very soon.
          fenceWaits = Math.min(fenceWaits + 1, 6);
          await sleep(2 ** fenceWaits);
          continue;
        }
        fenceWaits = 0;
        await this.wakeup.wait(pollIntervalMs);
      } catch (error) {
        if (this.stopped) return;
        failures++;
        this.log.error({ err: error, failures, topic }, 'outbox relay batch failed; retrying from its checkpoint');
        await this.wakeup.wait(Math.min(100 * 2 ** failures, 5_000));
        // Re-read: a failed checkpoint write may or may not have landed.
        if (this.lockLost) return;
        position = await readCheckpoint(service.db, RELAY_CHECKPOINT).catch(() => position);
      }
    }
  }
}

/** A relayed notification's position, when it is about `schema`'s relay. */
export function parseRelayedNotification(payload: string, schema: string): LogPosition | null {
  const [source, transactionId, globalPosition] = payload.split(':');
  if (source !== schema || !transactionId || !globalPosition) return null;
  return { transactionId, globalPosition };
}
