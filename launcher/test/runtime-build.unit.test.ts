import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRIES, ensureRuntimeBuild, readStamp, runtimeIsStale } from '../runtime-build.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The server runs as JavaScript built at install time (docs/adr/0001-typescript-sources-run-compiled.md). */
describe('the server build', () => {
  it('is up to date after a build, and records every source it read, workspace packages included', async () => {
    await ensureRuntimeBuild({ say: () => {} });
    expect(runtimeIsStale()).toBe(false);
    const inputs = readStamp()?.inputs ?? [];
    for (const source of [
      'launcher/src/main.ts',
      'services/platform/src/bus/postgres/postgres-bus.ts',
      'contracts/src/index.ts',
      'gateway/src/gateway.ts',
      'services/notifications/src/service.ts',
    ]) {
      expect(inputs).toContain(source);
    }
  });

  it('bundles the workspace packages and leaves every other package to node_modules', () => {
    for (const entry of ENTRIES) {
      const main = readFileSync(path.join(repoRoot, entry.outdir, 'main.js'), 'utf8');
      expect(main, entry.outdir).not.toMatch(/from ["']@agora\//);
      expect(main, entry.outdir).not.toMatch(/from ["'][^"']+\.ts["']/);
      expect(main, entry.outdir).toMatch(/from "fastify"|from "\.\/chunk-/);
    }
    // Only configured adapters load their clients: not in the bundle's static imports.
    const launcher = readFileSync(path.join(repoRoot, 'launcher/dist/main.js'), 'utf8');
    expect(launcher).not.toMatch(/^import .* from "(kafkajs|@opensearch-project\/opensearch)";$/m);
  });

  it("builds the assistant's vector worker beside the code that starts it, and it answers on plain node", () => {
    for (const outdir of ['launcher/dist', 'services/assistant/dist']) {
      const files = readdirSync(path.join(repoRoot, outdir)).filter((file) => file.endsWith('.js'));
      // vector-jobs.ts starts `new URL('./semantic-worker.js', import.meta.url)`: from a file of the same folder.
      const starters = files.filter((file) =>
        readFileSync(path.join(repoRoot, outdir, file), 'utf8').includes('"./semantic-worker.js"'),
      );
      expect(starters.length, outdir).toBeGreaterThan(0);
      expect(files, outdir).toContain('semantic-worker.js');
      const script = `
        import { Worker } from 'node:worker_threads';
        const worker = new Worker(new URL('./${outdir}/semantic-worker.js', 'file://${repoRoot}/'));
        const sample = new Float32Array([1, 0, 0.9, 0.1, 0, 1, 0.1, 0.9]);
        worker.postMessage({ id: 1, job: { kind: 'train', sample, dims: 2, k: 2, seed: 7 } });
        worker.on('message', (reply) => {
          console.log(JSON.stringify({ threadId: reply.threadId, count: reply.result.centroids.length }));
          void worker.terminate();
        });`;
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'agora-worker-')), 'start.mjs');
      writeFileSync(file, script);
      const ran = spawnSync(process.execPath, [file], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(ran.stderr, outdir).toBe('');
      expect(JSON.parse(ran.stdout), outdir).toEqual({ threadId: 1, count: 4 });
    }
  });

  it("runs a service's main on plain node (a missing setting stops it with the setting's name)", () => {
    const ran = spawnSync(process.execPath, ['services/site/dist/main.js'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(ran.stderr).toContain('DATABASE_URL');
    expect(ran.status).toBe(78);
  });
});
