/**
 * The server as JavaScript (docs/adr/0001-typescript-sources-run-compiled.md): esbuild bundles the launcher,
 * the gateway and each service's `main` with the workspace packages (@agora/*) they import, into
 * `<package>/dist/`; every other package stays an import of node_modules. Run by `npm install`
 * (postinstall), `npm run build`, and by `npm start` / `npm run agora` when the sources changed since
 * (launcher/agora.mjs).
 *   node launcher/runtime-build.mjs [--if-stale]
 * Plain JavaScript, so that starting Agora needs no TypeScript tooling in the process.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const REPO = path.resolve(import.meta.dirname, '..');
const SERVICES = [
  'site',
  'identity',
  'posts',
  'votes',
  'tags',
  'search',
  'badges',
  'moderation',
  'notifications',
  'assistant',
];

/**
 * Worker threads' code, built beside `main.js` in every bundle that holds their service (a worker thread loads a file
 * of its own): the assistant's vector worker, which services/assistant/src/semantic/vector-jobs.ts starts as
 * `semantic-worker.js` next to itself.
 */
const WORKERS = { assistant: { 'semantic-worker': 'services/assistant/src/semantic/vector-worker.ts' } };

/** Each entry's source, the folder its bundle goes to (`main.js` and its lazily loaded chunks), and its workers. */
export const ENTRIES = [
  { source: 'launcher/src/main.ts', outdir: 'launcher/dist', workers: Object.assign({}, ...Object.values(WORKERS)) },
  { source: 'gateway/src/main.ts', outdir: 'gateway/dist', workers: {} },
  ...SERVICES.map((name) => ({
    source: `services/${name}/src/main.ts`,
    outdir: `services/${name}/dist`,
    workers: WORKERS[name] ?? {},
  })),
];

/** What the stamp records of a build: the files it read, their hash, and what it wrote. */
const STAMP = path.join(REPO, 'launcher', 'dist', 'build-stamp.json');

/** Files whose change changes every bundle: this script, the installed packages (esbuild among them). */
const ALWAYS = ['launcher/runtime-build.mjs', 'package-lock.json'];

function hashOf(files) {
  const hash = createHash('sha256');
  for (const file of [...new Set([...ALWAYS, ...files])].sort()) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(path.join(REPO, file)));
  }
  return hash.digest('hex');
}

export function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

/** Whether a bundle is missing or any file the last build read has changed (or gone). */
export function runtimeIsStale() {
  const stamp = readStamp();
  if (!stamp) return true;
  try {
    const files = ENTRIES.flatMap((entry) =>
      ['main', ...Object.keys(entry.workers)].map((name) => path.join(REPO, entry.outdir, `${name}.js`)),
    );
    if (!files.every((file) => existsSync(file))) return true;
    return hashOf(stamp.inputs) !== stamp.hash;
  } catch {
    // A file the last build read is gone, or the stamp is unreadable.
    return true;
  }
}

/**
 * Workspace packages are bundled from their TypeScript sources; a bare import of anything else stays one,
 * resolved from the bundle's folder at run time. Backend workspaces have no node_modules of their own
 * (npm hoists every dependency), so that finds the same copy the sources import; a workspace that grew one
 * would make a bundle load another copy, so the build stops instead.
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@agora/')) return undefined;
      if (args.path.startsWith('node:')) return { external: true };
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      const workspace = path.relative(REPO, args.importer).split(path.sep);
      const depth = workspace[0] === 'services' ? 2 : 1;
      const own = path.join(REPO, ...workspace.slice(0, depth), 'node_modules', name);
      if (existsSync(own)) {
        return { errors: [{ text: `${own} would not be found from the bundle: hoist it (npm dedupe)` }] };
      }
      return { external: true };
    });
  },
};

export async function buildRuntime() {
  const started = performance.now();
  const esbuild = await import('esbuild');
  const inputs = new Set();
  try {
    await Promise.all(
      ENTRIES.map(async (entry) => {
        // Written beside the folder and swapped in whole, so that no process ever loads half a build.
        const outdir = path.join(REPO, `${entry.outdir}.${process.pid}.new`);
        rmSync(outdir, { recursive: true, force: true });
        const result = await esbuild.build({
          absWorkingDir: REPO,
          entryPoints: { main: entry.source, ...entry.workers },
          outdir,
          bundle: true,
          // Chunks for dynamic imports: the Kafka bus and the OpenSearch client load only when configured.
          splitting: true,
          format: 'esm',
          platform: 'node',
          target: 'node20.19',
          // Names stay what the sources say (class and function names show in logs and errors).
          keepNames: true,
          sourcemap: 'linked',
          metafile: true,
          logLevel: 'warning',
          plugins: [externalPackages],
        });
        for (const input of Object.keys(result.metafile.inputs)) inputs.add(input);
        const target = path.join(REPO, entry.outdir);
        const previous = `${target}.${process.pid}.old`;
        if (existsSync(target)) renameSync(target, previous);
        renameSync(outdir, target);
        rmSync(previous, { recursive: true, force: true });
      }),
    );
  } finally {
    await esbuild.stop();
  }
  const files = [...inputs].sort();
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${JSON.stringify({ hash: hashOf(files), inputs: files }, null, 1)}\n`);
  return { ms: Math.round(performance.now() - started), files: files.length };
}

/** Builds when stale (or always, without `ifStale`); a line says what happened. */
export async function ensureRuntimeBuild({ ifStale = true, say = (line) => process.stdout.write(`${line}\n`) } = {}) {
  if (ifStale && !runtimeIsStale()) return false;
  const { ms, files } = await buildRuntime();
  say(`server build written (launcher, gateway and ${SERVICES.length} services from ${files} files) in ${ms} ms`);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ifStale = process.argv.includes('--if-stale');
  try {
    const built = await ensureRuntimeBuild({ ifStale });
    if (!built) process.stdout.write('server build is up to date\n');
  } catch (error) {
    process.stderr.write(`server build failed: ${error.message}\n`);
    process.exitCode = 1;
  }
}
