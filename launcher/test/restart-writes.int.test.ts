import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '@agora/test-support/eventually';
import { killGroup, killLaunchers, startLauncher } from '@agora/test-support/launcher-process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/embedded-postgres';

/**
 * No 503 for a write whose target exists, after a restart or under steady writes (issue 45 item 7, ADR 0092): the
 * real launcher, written to by members who ask, answer, comment and vote on what they just made; killed with
 * SIGKILL mid-burst and started again while the writers keep going. A refused connection (the port closed while it
 * starts) is waited out, as a balancer would; every answer the launcher gives is counted.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-restart-'));
const API = '/answer/api/v1';
const WRITERS = 3;
const AFTER_RESTART_MS = 30_000;

function launch(port: number, operatorPort: number) {
  return startLauncher({
    AGORA_DATA_DIR: dataDir,
    AGORA_PORT: String(port),
    AGORA_OPERATOR_PORT: String(operatorPort),
    AGORA_INSTALLER: 'off',
    // Members of this test write from one address, far more than a person would.
    AGORA_CAPTCHA_LIMITS: 'question=100000,answer=100000,comment=100000,vote=100000',
  });
}

afterAll(async () => {
  killLaunchers();
  await eventually(() => spawnSync('pgrep', ['-f', dataDir]).status !== 0, 15_000, 100).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  data: any;
}

/** One call; a connection refused or cut (the launcher down or starting) is null, not an answer. */
async function call(port: number, method: string, url: string, token: string, body?: object): Promise<Answer | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await response.json().catch(() => null)) as { data?: unknown } | null;
    return { status: response.status, data: json?.data };
  } catch {
    return null;
  }
}

function createAdmin(email: string, name: string) {
  const created = spawnSync(
    process.execPath,
    ['launcher/agora.mjs', 'admin', 'create', '--email', email, '--name', name, '--password', 'restart-pass-1'],
    { cwd: repoRoot, env: { ...process.env, AGORA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
}

async function signIn(port: number, email: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}${API}/user/login/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ e_mail: email, pass: 'restart-pass-1' }),
  });
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

/** Every answer a write got, by the kind of write, while the writers ran. */
class Tally {
  readonly unavailable: string[] = [];
  readonly answered = new Map<string, number>();

  note(kind: string, answer: Answer | null): void {
    if (!answer) return;
    this.answered.set(kind, (this.answered.get(kind) ?? 0) + 1);
    if (answer.status === 503) this.unavailable.push(`${kind}: ${JSON.stringify(answer.data)}`);
  }
}

describe('writes across a restart of the embedded launcher', () => {
  it('answers no write whose target exists with 503, under steady writes and after a kill -9 and start', async () => {
    const port = await freePort();
    const operatorPort = await freePort();
    const first = launch(port, operatorPort);
    await eventually(() => first.output().includes('Agora is running at'), 90_000, 100);
    createAdmin('asker@example.com', 'Asker');
    createAdmin('answerer@example.com', 'Answerer');
    const asker = await signIn(port, 'asker@example.com');
    const answerer = await signIn(port, 'answerer@example.com');

    const tally = new Tally();
    let stopAt = Number.POSITIVE_INFINITY;
    let n = 0;
    /** A write that is retried while the launcher is down: its target exists, so only its own answer counts. */
    const write = async (kind: string, method: string, url: string, token: string, body: object) => {
      for (;;) {
        const answer = await call(port, method, url, token, body);
        tally.note(kind, answer);
        if (answer && answer.status !== 503) return answer;
        if (Date.now() > stopAt) return null;
        await sleep(200);
      }
    };
    const chain = async () => {
      const k = ++n;
      const question = await write('ask', 'POST', `${API}/question`, asker, {
        title: `Restart question number ${k}`,
        content: `A question asked while the launcher restarts, number ${k}.`,
        tags: [{ slug_name: 'restarts' }],
      });
      if (question?.status !== 200) return;
      const answer = await write('answer', 'POST', `${API}/answer`, answerer, {
        question_id: question.data.id,
        content: `An answer to question ${k}, given at once.`,
      });
      if (answer?.status !== 200) return;
      const comment = await write('comment', 'POST', `${API}/comment`, asker, {
        object_id: answer.data.info.id,
        original_text: `A comment on answer ${k}, made at once.`,
      });
      if (comment?.status !== 200) return;
      await write('vote', 'POST', `${API}/vote/up`, answerer, { object_id: comment.data.comment_id, is_cancel: false });
      await write('vote', 'POST', `${API}/vote/up`, asker, { object_id: answer.data.info.id, is_cancel: false });
    };
    const writer = async () => {
      while (Date.now() < stopAt) await chain();
    };

    const writers = Array.from({ length: WRITERS }, writer);
    // Steady writes for a while, then the kill in the middle of them.
    await eventually(() => (tally.answered.get('vote') ?? 0) >= 20, 120_000, 100);
    killGroup(first.child);
    const restartedAt = Date.now();
    const second = launch(port, operatorPort);
    await eventually(() => second.output().includes('Agora is running at'), 90_000, 100);
    const votesBefore = tally.answered.get('vote') ?? 0;
    stopAt = Date.now() + AFTER_RESTART_MS;
    await Promise.all(writers);

    expect(tally.unavailable, second.output().slice(-3000)).toEqual([]);
    expect((tally.answered.get('vote') ?? 0) - votesBefore).toBeGreaterThan(10);
    expect(Date.now() - restartedAt).toBeLessThan(150_000);
    expect(second.output()).not.toContain('database unreachable');
  }, 300_000);
});
