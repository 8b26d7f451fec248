import { setTimeout as sleep } from 'node:timers/promises';
import { Role } from '@agora/contracts';
import { type ComposedServices, composeServices } from '@agora/gateway';
import { identityService } from '@agora/identity';
import { loadConfig, type RunningService } from '@agora/platform';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

// Lists and question pages are cached until the read models change (ChangeFeed); these prove that
// neither this replica nor another one ever keeps serving what a commit has changed.
const API = '/answer/api/v1';
let stack: Stack;
let other: ComposedServices;
let replica: RunningService;
let token: string;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  const log = pino({ level: 'silent' });
  // Another replica of posts, as another process would run it: on a bus of its own.
  const config = loadConfig({ env: { AGORA_SITE_URL: 'http://agora.test', AGORA_DATA_DIR: stack.dataDir } });
  other = await composeServices({
    config,
    databaseUrl: stack.databaseUrl,
    log,
    services: [{ module: postsService, maxConnections: 2 }],
  });
  replica = other.service('posts');
  // A moderator: the new tag needs no reputation.
  const user = await createUser(stack, { name: 'Cache Reader', roleId: Role.moderator });
  await stack.settle();
  token = await login(stack, user);
});

afterAll(async () => {
  await other?.close();
  await stack?.close();
});

const list = () => `${API}/question/page?order=newest&page=1&page_size=20`;

async function ask(title: string) {
  const asked = await stack.call('POST', `${API}/question`, {
    token,
    body: { title, content: 'Does the cached list ever miss this question?', tags: [{ slug_name: 'caching' }] },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return asked.body.data.id as string;
}

async function replicaGet(url: string) {
  const response = await replica.app.inject({ method: 'GET', url });
  return response.json().data;
}

describe('read caches', () => {
  it("shows this replica's own write on the very next read", async () => {
    await stack.call('GET', list());
    const id = await ask('First question behind a warm cache');
    const after = await stack.call('GET', list());
    expect(after.body.data.list.map((q: { id: string }) => q.id)).toContain(id);
    expect(after.body.data.list[0].id).toBe(id);
  });

  it("shows another replica's write within moments, though its list was cached before", async () => {
    const before = await replicaGet(list());
    expect((await replicaGet(list())).count).toBe(before.count);
    const id = await ask('Second question, asked through the other replica');
    let seen = false;
    for (let i = 0; i < 100 && !seen; i++) {
      seen = (await replicaGet(list())).list.some((q: { id: string }) => q.id === id);
      if (!seen) await sleep(20);
    }
    expect(seen).toBe(true);
  });

  it('never serves a question page from before an edit', async () => {
    const id = await ask('Third question, to be edited');
    expect((await stack.call('GET', `${API}/question/info?id=${id}`)).body.data.title).toBe(
      'Third question, to be edited',
    );
    const edited = await stack.call('PUT', `${API}/question`, {
      token,
      body: {
        id,
        title: 'Third question, edited',
        content: 'Does the cached list ever miss this question?',
        tags: [{ slug_name: 'caching' }],
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await stack.call('GET', `${API}/question/info?id=${id}`)).body.data.title).toBe('Third question, edited');
  });
});
