/**
 * A write's reply on a replica whose relay stands by is held until the active relay (another replica's) has
 * published the write's events; the active relay tells the standby at once (`RELAYED_CHANNEL`), so the reply is
 * not held until the standby's next look at the checkpoint (docs/adr/0044-catching-up.md).
 */
import { randomBytes } from 'node:crypto';
import { createTestDatabase, kafkaBrokers } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import { type Admin, Kafka, logLevel } from 'kafkajs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxRelay, parseRelayedNotification } from '../../src/bus/kafka/outbox-relay';
import { TopicRegistry, topicName } from '../../src/bus/kafka/topics';
import { connectDatabase, type ServiceDatabase } from '../../src/db/database';
import { migrateService } from '../../src/db/migrate';
import { EventStore } from '../../src/eventstore/event-store';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const brokers = kafkaBrokers();

describe('a relayed notification', () => {
  it('names its service and position; another service’s is not ours', () => {
    expect(parseRelayedNotification('posts:812:77', 'posts')).toEqual({ transactionId: '812', globalPosition: '77' });
    expect(parseRelayedNotification('votes:812:77', 'posts')).toBeNull();
    expect(parseRelayedNotification('posts', 'posts')).toBeNull();
  });
});

(brokers ? describe : describe.skip)('a standby relay (Kafka)', () => {
  let drop: () => Promise<void>;
  let producer: ServiceDatabase;
  let admin: Admin;
  const relays: OutboxRelay[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase('relay_standby');
    drop = created.drop;
    producer = connectDatabase({ url: created.url, schema: 'producer', maxConnections: 6 });
    await migrateService(producer, {});
    const kafka = new Kafka({ clientId: 'relay-standby-test', brokers: brokers ?? [], logLevel: logLevel.NOTHING });
    admin = kafka.admin();
    await admin.connect();
    const topics = new TopicRegistry(async () => admin, 2, log);
    const topic = topicName(`agora-test-${randomBytes(4).toString('hex')}`, 'producer');
    // Neither relay looks at the checkpoint by itself within the test: only a notification can let a reply go.
    for (let n = 0; n < 2; n++) {
      relays.push(
        new OutboxRelay({ kafka, producer, topic, ensureTopic: () => topics.ensure(topic), log, recheckMs: 600_000 }),
      );
    }
  }, 60_000);

  afterAll(async () => {
    for (const relay of relays) await relay.stop();
    await admin?.disconnect();
    await producer?.close();
    await drop?.();
  });

  /** Until `count` relay listeners have run their `listen`: a notification sent before that reaches nobody. */
  const listenersReady = (count: number) =>
    eventually(async () => {
      const { rows } = await producer.sessionPool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = 'agora-relay-producer'
            and state = 'idle' and query ilike 'listen%'`,
      );
      return (rows[0]?.n ?? 0) >= count;
    }, 20_000);

  it('lets a reply held on the standby go as soon as the active relay has published', async () => {
    const [active, standby] = relays as [OutboxRelay, OutboxRelay];
    const store = new EventStore(producer.db, 'producer');
    active.start();
    await store.append('s-0', 0, [{ type: 'test.appended', data: { n: 0 } }]);
    expect(await active.published(30_000)).toBe(true);
    standby.start();
    await listenersReady(2);

    for (let n = 1; n <= 5; n++) {
      await store.append('s-0', n, [{ type: 'test.appended', data: { n } }]);
      expect(await standby.published(20_000), `write ${n}`).toBe(true);
    }
  }, 120_000);
});
