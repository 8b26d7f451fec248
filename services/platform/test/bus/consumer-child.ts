/** A consumer process for the crash test: it runs the recording projection until it is killed. */
import pino from 'pino';
import { createEventBus } from '../../src/bus/create-bus';
import { connectDatabase } from '../../src/db/database';
import { ProjectionRunner } from '../../src/projections/runner';
import { recordingProjection } from './test-projection';

const env = process.env;
const log = pino({ level: 'warn' });
const database = connectDatabase({ url: env.DATABASE_URL!, schema: 'consumer', maxConnections: 3 });
const bus = await createEventBus({
  kind: env.BUS_KIND as 'postgres' | 'kafka',
  databaseUrl: env.DATABASE_URL!,
  kafkaBrokers: env.KAFKA_BROKERS?.split(','),
  kafkaPrefix: env.KAFKA_PREFIX,
  log,
});
const runner = new ProjectionRunner({
  bus,
  database,
  log,
  batchSize: 50,
  projections: [recordingProjection({ source: 'producer', delayMs: Number(env.DELAY_MS ?? 2) })],
});
await runner.start();
process.stdout.write('ready\n');
