import { createTestDatabase } from '@agora/test-support/database';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../src/bus/create-bus';
import type { EventBus } from '../src/bus/port';
import { loadConfig } from '../src/config/config';
import { ok } from '../src/http/envelope';
import { partsOf, type RunningService, type ServiceContext, type ServiceModule } from '../src/service/module';
import { startService } from '../src/service/service';

const log = pino({ level: 'silent' });

/** What one instance of the counter service is made of, and what each hook was handed. */
interface CounterParts {
  context: ServiceContext;
  count: number;
  handedTo: { routes?: CounterParts; projections?: CounterParts; background?: CounterParts };
}

let setups = 0;

/** A service whose parts hold state: a counter its routes read and move. */
const counterService: ServiceModule<CounterParts> = {
  name: 'counter',
  migrations: {},
  events: [],
  shared: { actors: false, siteSettings: false },
  setup(context) {
    setups += 1;
    return { context, count: 0, handedTo: {} };
  },
  async routes(app, _context, parts) {
    parts.handedTo.routes = parts;
    app.post('/count', async (request) => ok(request, ++parts.count));
    app.get('/count', async (request) => ok(request, parts.count));
  },
  projections(_context, parts) {
    parts.handedTo.projections = parts;
    return [];
  },
  async background(_context, parts) {
    parts.handedTo.background = parts;
    return { async stop() {} };
  },
};

/** One instance on a database of its own, with its own bus. */
async function startInstance() {
  const database = await createTestDatabase('instances');
  const bus: EventBus = await createEventBus({ kind: 'postgres', databaseUrl: database.url, log });
  const config = loadConfig({ env: { AGORA_SITE_URL: 'http://agora.test' } });
  const service = await startService(counterService, { config, databaseUrl: database.url, bus, log });
  return {
    service,
    async close() {
      await service.close();
      await bus.close();
      await database.drop();
    },
  };
}

async function count(service: RunningService, method: 'GET' | 'POST'): Promise<number> {
  const response = await service.app.inject({ method, url: '/count' });
  return (response.json() as { data: number }).data;
}

describe('two instances of one service in one process (DESIGN §1, "setup")', () => {
  let first: Awaited<ReturnType<typeof startInstance>>;
  let second: Awaited<ReturnType<typeof startInstance>>;

  beforeAll(async () => {
    first = await startInstance();
    second = await startInstance();
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('sets each instance up once, and hands its routes, projections and background work its own parts', () => {
    expect(setups).toBe(2);
    expect(first.service.parts).not.toBe(second.service.parts);
    for (const { service } of [first, second]) {
      expect(service.parts.context).toBe(service.context);
      expect(service.parts.handedTo.routes).toBe(service.parts);
      expect(service.parts.handedTo.projections).toBe(service.parts);
      expect(service.parts.handedTo.background).toBe(service.parts);
    }
  });

  it('keeps each instance’s state to itself', async () => {
    expect(await count(first.service, 'POST')).toBe(1);
    expect(await count(first.service, 'POST')).toBe(2);
    expect(await count(second.service, 'GET')).toBe(0);
    expect(await count(second.service, 'POST')).toBe(1);
    expect(await count(first.service, 'GET')).toBe(2);
  });

  it('gives an instance’s parts back only for the module that set it up', () => {
    expect(partsOf(first.service, counterService)).toBe(first.service.parts);
    const other: ServiceModule<CounterParts> = { ...counterService, setup: counterService.setup.bind(counterService) };
    expect(() => partsOf(first.service, other)).toThrow(/not set up by the counter module/);
  });
});
