/**
 * A gateway whose bus cannot be followed as it starts (docs/adr/0099-live-pages.md): it starts anyway, its live
 * route answering 503, and follows the bus once it can. Here the PostgreSQL log's server is down at the start and
 * comes back a few seconds later.
 */
import { createEventBus, type EventBus } from '@agora/platform';
import { eventually } from '@agora/test-support/eventually';
import { type OwnPostgres, startOwnPostgres } from '@agora/test-support/own-postgres';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveHub } from '../src/live/hub';
import { LiveHubStarter } from '../src/live/hub-starter';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

describe('live pages when the bus cannot be followed at the start', () => {
  let server: OwnPostgres;
  let bus: EventBus;
  let starter: LiveHubStarter | null = null;

  beforeAll(async () => {
    // Back on its own after 3 s, as the embedded launcher's supervision brings it back.
    server = await startOwnPostgres({ outageMs: 3_000 });
    bus = await createEventBus({ kind: 'postgres', databaseUrl: server.database.url, log });
  }, 120_000);
  afterAll(async () => {
    await starter?.close();
    await bus?.close();
    await server?.close();
  });

  it('starts without it, answers "starting" meanwhile, and follows it once the database is back', async () => {
    server.kill();
    await eventually(async () => !(await server.accepts()), 10_000);
    starter = new LiveHubStarter({ bus, log });
    await starter.start();
    expect(starter.current()).toBe('starting');
    await eventually(() => starter?.current() instanceof LiveHub, 30_000);
    const hub = starter.current() as LiveHub;
    expect(Object.keys(hub.position()).sort()).toEqual([...hub.sources].sort());
  }, 60_000);
});
