import { createTestDatabase } from '@agora/test-support/database';
import type { Logger } from 'pino';
import { PostgresEventBus } from '../../src/bus/postgres/postgres-bus';
import { connectDatabase, type ServiceDatabase } from '../../src/db/database';
import { migrateService } from '../../src/db/migrate';
import { EventStore } from '../../src/eventstore/event-store';

/** Two services' schemas in a test database of their own, the producer's event store, and a PostgreSQL bus. */
export interface ProducerAndConsumer {
  url: string;
  producer: ServiceDatabase;
  consumer: ServiceDatabase;
  store: EventStore;
  bus: PostgresEventBus;
  /** Closes the bus and both pools, and drops the database. */
  close(): Promise<void>;
}

/**
 * A producer and a consumer on the PostgreSQL log. The bus polls only every 10 minutes unless told otherwise, so
 * within a test only notifications wake a consumer.
 */
export async function openProducerAndConsumer(
  prefix: string,
  log: Logger,
  options: { maxConnections?: number; pollIntervalMs?: number } = {},
): Promise<ProducerAndConsumer> {
  const { url, drop } = await createTestDatabase(prefix);
  const maxConnections = options.maxConnections ?? 4;
  const producer = connectDatabase({ url, schema: 'producer', maxConnections });
  const consumer = connectDatabase({ url, schema: 'consumer', maxConnections });
  await migrateService(producer, {});
  await migrateService(consumer, {});
  const bus = new PostgresEventBus({ databaseUrl: url, log, pollIntervalMs: options.pollIntervalMs ?? 600_000 });
  return {
    url,
    producer,
    consumer,
    store: new EventStore(producer.db, 'producer'),
    bus,
    async close() {
      await bus.close();
      await producer.close();
      await consumer.close();
      await drop();
    },
  };
}
