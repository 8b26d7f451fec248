import { createTestDatabase } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../src/bus/create-bus';
import type { EventBus } from '../src/bus/port';
import { loadConfig } from '../src/config/config';
import type { RunningService, ServiceModule } from '../src/service/module';
import { startService } from '../src/service/service';
import { APPLIED_TABLE_SQL, recordingProjection, TestAppended } from './bus/test-projection';

const log = pino({ level: 'silent' });
const config = loadConfig({ env: { AGORA_SITE_URL: 'http://agora.test' } });

/** A service that only writes: its log is the source of the reader's projection. */
const writerService: ServiceModule<null> = {
  name: 'writer',
  migrations: {},
  events: [TestAppended],
  shared: { actors: false, siteSettings: false },
  setup: () => null,
  async routes() {},
};

/** Holds every application until opened: a projection that takes its time over the backlog at start. */
let open: () => void = () => {};
let gate = new Promise<void>((resolve) => {
  open = resolve;
});

const readerService: ServiceModule<null> = {
  name: 'reader',
  migrations: { '0001_applied': { up: async (db) => void (await APPLIED_TABLE_SQL.execute(db)) } },
  events: [],
  shared: { actors: false, siteSettings: false },
  setup: () => null,
  async routes() {},
  projections() {
    const recorder = recordingProjection({ source: 'writer' });
    return [
      {
        ...recorder,
        async apply(event, tx) {
          await gate;
          await recorder.apply(event, tx);
        },
      },
    ];
  },
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let bus: EventBus;
let writer: RunningService<null>;
const started: RunningService<null>[] = [];

beforeAll(async () => {
  database = await createTestDatabase('ready');
  bus = await createEventBus({ kind: 'postgres', databaseUrl: database.url, log });
  writer = await startService(writerService, { config, databaseUrl: database.url, bus, log });
  for (let n = 0; n < 5; n++) {
    await writer.context.store.append(`s-${n}`, 0, [{ type: TestAppended.type, data: { n } }]);
  }
});

afterAll(async () => {
  open();
  for (const service of started) await service.close();
  await writer?.close();
  await bus?.close();
  await database?.drop();
});

const readiness = async (service: RunningService<null>) =>
  (await service.app.inject({ method: 'GET', url: '/readyz' })).statusCode;

describe('ready when caught up (docs/adr/0092-ready-when-caught-up.md)', () => {
  it('is not ready while a projection has not applied what its source held at start, and is once it has', async () => {
    const reader = await startService(readerService, { config, databaseUrl: database.url, bus, log });
    started.push(reader);
    // Held at its first event: not ready, however long it is asked.
    for (let look = 0; look < 5; look++) {
      expect(await readiness(reader)).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(reader.projections.caughtUpSinceStart).toBe(false);
    open();
    await reader.projections.startedUp;
    expect(reader.projections.caughtUpSinceStart).toBe(true);
    expect(await readiness(reader)).toBe(200);
  });

  it('is ready at once when there is nothing behind, and writes after the start do not take readiness away', async () => {
    gate = Promise.resolve();
    const second = await startService(readerService, { config, databaseUrl: database.url, bus, log });
    started.push(second);
    await eventually(async () => (await readiness(second)) === 200, 5_000, 20);
    await writer.context.store.append('s-later', 0, [{ type: TestAppended.type, data: { n: 99 } }]);
    expect(await readiness(second)).toBe(200);
  });
});
