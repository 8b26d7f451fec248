import { Idempotency } from '@agora/contracts/idempotency';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../src/api/client';
import { newIdempotencyKey } from '../src/api/idempotency-key';
import { STORAGE_KEYS } from '../src/storage';
import { memoryStorage } from './support/memory-storage';

// The web app's Idempotency-Key (docs/adr/0093-idempotent-writes.md): a key of its own for every write call, sent
// again only when that same call is retried, which it is once when its outcome is unknown.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const KEY = Idempotency.header;

let answers: Array<{ status: number } | 'cut'>;
let sent: Array<{ method: string; headers: Record<string, string> }>;

const signIn = () =>
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ value: 'token', expires: Date.now() + 60_000 }));

beforeEach(() => {
  answers = [];
  sent = [];
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('fetch', async (_url: string, init: { method: string; headers: Record<string, string> }) => {
    sent.push({ method: init.method, headers: init.headers });
    const answer = answers.shift() ?? { status: 200 };
    if (answer === 'cut') throw new TypeError('Failed to fetch');
    const body = { code: answer.status, reason: answer.status === 200 ? 'base.success' : 'base.service_unavailable' };
    return new Response(JSON.stringify({ ...body, msg: '', data: { n: sent.length } }), { status: answer.status });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client and Idempotency-Key', () => {
  it('sends a fresh key with every write call, and none with a read', async () => {
    await api.post('answer', { content: 'x' });
    await api.post('answer', { content: 'x' });
    await api.put('answer', { content: 'x' });
    await api.delete('answer', { id: 'x' });
    await api.get('answer/info');
    const keys = sent.map((request) => request.headers[KEY]);
    for (const key of keys.slice(0, 4)) expect(key).toMatch(UUID);
    expect(new Set(keys.slice(0, 4)).size).toBe(4);
    expect(keys[4]).toBeUndefined();
  });

  it("sends a member's write cut off or answered 503 once more, with the same key, and gives its answer", async () => {
    signIn();
    answers = ['cut', { status: 200 }];
    expect(await api.post('comment', { original_text: 'x' })).toEqual({ n: 2 });
    answers = [{ status: 503 }, { status: 200 }];
    expect(await api.post('comment', { original_text: 'x' })).toEqual({ n: 4 });
    expect(sent.map((request) => request.headers[KEY])).toEqual([
      sent[0]?.headers[KEY],
      sent[0]?.headers[KEY],
      sent[2]?.headers[KEY],
      sent[2]?.headers[KEY],
    ]);
    expect(sent[0]?.headers[KEY]).not.toBe(sent[2]?.headers[KEY]);
  });

  it("sends an anonymous write once, and a member's at most twice", async () => {
    answers = [{ status: 503 }];
    await expect(api.post('user/login/email', { e_mail: 'a@b.c' })).rejects.toMatchObject({ status: 503 });
    signIn();
    answers = [{ status: 503 }, { status: 503 }];
    await expect(api.post('comment', {})).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(3);
  });

  it('makes version 4 UUIDs where crypto.randomUUID is missing (a plain HTTP page)', () => {
    vi.stubGlobal('isSecureContext', false);
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(50);
  });
});
