/**
 * `npm start` and `npm run agora -- <command>` (docs/adr/0001-typescript-sources-run-compiled.md): runs the
 * launcher as built JavaScript (launcher/dist/main.js), first building the server again when its sources
 * changed since the last build, as `npm start` does for the web app. Plain JavaScript: nothing compiles at run time.
 */
// First: production mode before any dependency is loaded (docs/adr/0072-production-mode.md).
import './node-env.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { runtimeIsStale } from './runtime-build.mjs';

if (runtimeIsStale()) {
  // In a process of its own, so that the build's memory (esbuild's included) is not kept by the server.
  const build = spawnSync(process.execPath, [path.join(import.meta.dirname, 'runtime-build.mjs')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('./dist/main.js');
