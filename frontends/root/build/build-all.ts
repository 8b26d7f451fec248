/**
 * `npm run build:web` (also run by `npm install` and, when its sources changed, by `npm start` and the
 * browser tests): builds the kit and each micro-frontend alone, then the shared modules and the root
 * config, and assembles frontends/root/dist, which the gateway serves at `/`.
 *   --if-stale   do nothing when the build is up to date with its sources
 */
import { performance } from 'node:perf_hooks';
import { APPS, WEB_DIST } from './paths';
import { inputsHash, isStale } from './stamp';

// A production build whoever runs it (vitest sets NODE_ENV=test, which would give React's development build).
process.env.NODE_ENV = 'production';
const started = performance.now();
const hash = inputsHash();
if (process.argv.includes('--if-stale') && !isStale(hash)) {
  process.stdout.write(`web build is up to date (${WEB_DIST})\n`);
} else {
  // Vite loads only when there is something to build.
  const [{ buildApp }, { buildRoot }, { assemble }] = await Promise.all([
    import('./build-apps'),
    import('./build-root'),
    import('./assemble'),
  ]);
  const apps = {} as Record<(typeof APPS)[number], Awaited<ReturnType<typeof buildApp>>>;
  for (const name of APPS) apps[name] = await buildApp(name);
  assemble(await buildRoot(), apps, hash);
  process.stdout.write(`web build written to ${WEB_DIST} in ${Math.round(performance.now() - started)} ms\n`);
}
