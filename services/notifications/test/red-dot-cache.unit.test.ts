import { EventEmitter } from 'node:events';
import { UserCache } from '@agora/platform';
import type { Pool } from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeListener } from '../src/cache/change-listener';

class FakeClient extends EventEmitter {
  readonly listened: string[] = [];
  async query(text: string) {
    this.listened.push(text);
  }
  release() {}
}

const listeners: ChangeListener[] = [];
afterEach(async () => {
  while (listeners.length) await listeners.pop()!.stop();
});

interface Counters {
  inbox: number;
}

async function listening() {
  const client = new FakeClient();
  const listener = new ChangeListener({
    pool: { connect: async () => client } as unknown as Pool,
    log: pino({ level: 'silent' }),
  });
  const cache = new UserCache<Counters>(listener);
  listener.on('counters', (userId) => cache.evict(userId));
  listeners.push(listener);
  await listener.start();
  return {
    cache,
    client,
    announce: (payload: string) => client.emit('notification', { channel: 'counters', payload }),
  };
}

function loader() {
  let loads = 0;
  return {
    get loads() {
      return loads;
    },
    load: async (): Promise<Counters> => ({ inbox: ++loads }),
  };
}

describe('announced user cache', () => {
  it('answers from memory until a change of the user is announced', async () => {
    const { cache, client, announce } = await listening();
    expect(client.listened).toEqual(['listen counters']);
    const source = loader();
    expect(await cache.get('u1', '', source.load)).toEqual({ inbox: 1 });
    expect(await cache.get('u1', '', source.load)).toEqual({ inbox: 1 });
    expect(source.loads).toBe(1);
    announce('u2');
    expect((await cache.get('u1', '', source.load)).inbox).toBe(1);
    announce('u1');
    expect((await cache.get('u1', '', source.load)).inbox).toBe(2);
    // Sub-keys (sessions) of a user go together; `*` is everyone.
    await cache.get('u1', 's2', source.load);
    announce('*');
    expect((await cache.get('u1', '', source.load)).inbox).toBe(4);
  });

  it('does not keep a load that an eviction of its user overlapped', async () => {
    const { cache } = await listening();
    let release: () => void = () => {};
    const slow = cache.get('u1', '', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { inbox: 5 };
    });
    cache.evict('u1');
    release();
    expect((await slow).inbox).toBe(5);
    expect((await cache.get('u1', '', async () => ({ inbox: 6 }))).inbox).toBe(6);
  });

  it('caches nothing while it cannot hear announcements', async () => {
    const { cache, client } = await listening();
    client.emit('end');
    const source = loader();
    await cache.get('u1', '', source.load);
    await cache.get('u1', '', source.load);
    expect(source.loads).toBe(2);
  });
});
