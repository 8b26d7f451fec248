import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@agora/launcher/embedded-postgres';
import { ensureRuntimeBuild } from '@agora/launcher/runtime-build.mjs';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/** One real PostgreSQL server for the whole run; each test file makes its own database on it. */
export default async function setup(project: TestProject) {
  // Tests that start Agora as a person does run the built server: build it once, first, if its sources changed.
  await ensureRuntimeBuild({ say: () => {} });
  if (process.env.TEST_ADMIN_DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.TEST_ADMIN_DATABASE_URL);
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-test-pg-'));
  // As root, PostgreSQL runs as its own system user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), ephemeral: true });
  project.provide('adminDatabaseUrl', server.adminUrl);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
