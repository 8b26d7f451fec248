import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/embedded-postgres';

// `npm start` and the scaled-out gateway render pages with React's production builds
// (docs/adr/0072-production-mode.md). The processes run as a person or a container starts them: no NODE_ENV
// (vitest sets `test` in its own), a probe reporting which of React's files ran.
const repoRoot = path.resolve(import.meta.dirname, '../..');
const probe = path.join(import.meta.dirname, 'support', 'react-builds-probe.mjs');
const { NODE_ENV: _vitests, ...startEnv } = process.env;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'agora-production-mode-'));
const running = new Set<ChildProcess>();

interface Report {
  nodeEnv: string | null;
  ran: string[];
}

const reportIn = (output: string): Report => {
  const line = output.split('\n').find((l) => l.startsWith('REACT-BUILDS '));
  if (!line) throw new Error(`no report from the probe; output:\n${output}`);
  return JSON.parse(line.slice('REACT-BUILDS '.length));
};

function run(args: string[], env: Record<string, string>) {
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...startEnv, ...env, NODE_OPTIONS: `--import ${probe}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  return { child, output: () => output, exited };
}

beforeAll(() => {
  // The bundles these processes run (a no-op when they are current).
  const build = spawnSync(process.execPath, ['launcher/runtime-build.mjs', '--if-stale'], { cwd: repoRoot });
  if (build.status !== 0) throw new Error(`runtime build failed:\n${build.stderr}`);
  copyFileSync(path.join(repoRoot, 'frontends/root/index.html'), path.join(scratch, 'index.html'));
});

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

describe('production mode', () => {
  it('is what npm start runs the launcher in', async () => {
    // Any command goes through launcher/agora.mjs as `npm start` does; an unknown one ends at once.
    const started = run(['launcher/agora.mjs', 'no-such-command'], { AGORA_DATA_DIR: scratch });
    await started.exited;
    expect(started.output()).toContain('Unknown command no-such-command');
    expect(reportIn(started.output()).nodeEnv).toBe('production');
  });

  it("renders the scaled-out gateway's pages with react-dom's production server build", async () => {
    const [port, operatorPort] = [await freePort(), await freePort()];
    const gateway = run(['gateway/dist/main.js'], {
      AGORA_PORT: String(port),
      AGORA_OPERATOR_PORT: String(operatorPort),
      AGORA_WEB_ROOT: scratch,
      AGORA_SITE_URL: `http://127.0.0.1:${port}`,
      AGORA_DATA_DIR: scratch,
    });
    const deadline = Date.now() + 30_000;
    while (!gateway.output().includes('gateway listening')) {
      if (Date.now() > deadline || gateway.child.exitCode !== null) throw new Error(gateway.output());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A public page loads the renderer (with no services behind this gateway it then serves index.html).
    expect((await fetch(`http://127.0.0.1:${port}/questions`)).status).toBe(200);
    gateway.child.kill('SIGTERM');
    await gateway.exited;
    const report = reportIn(gateway.output());
    expect(report.nodeEnv).toBe('production');
    expect(report.ran).toContain('react-dom/cjs/react-dom-server.node.production.js');
    expect(report.ran).toContain('react/cjs/react.production.js');
    expect(report.ran.filter((file) => file.includes('development'))).toEqual([]);
  });

  it('keeps a NODE_ENV the caller set (the tests run React in development)', async () => {
    const started = run(['launcher/agora.mjs', 'no-such-command'], { AGORA_DATA_DIR: scratch, NODE_ENV: 'test' });
    await started.exited;
    expect(reportIn(started.output()).nodeEnv).toBe('test');
  });
});
