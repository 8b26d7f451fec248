import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FRONTENDS, REPO, WEB_DIST } from './paths';

/** Everything the web build reads besides installed packages (whose versions the lock file pins). */
const INPUTS = [
  ...['kit', 'shell', 'users', 'questions', 'tags', 'review', 'install', 'admin', 'root'].flatMap((app) =>
    ['src', 'vite', 'build', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(FRONTENDS, app, p)),
  ),
  path.join(REPO, 'contracts', 'i18n'),
  path.join(REPO, 'contracts', 'src', 'i18n'),
  path.join(REPO, 'contracts', 'src', 'limits.ts'),
  path.join(REPO, 'contracts', 'src', 'install', 'constants.ts'),
  path.join(REPO, 'contracts', 'src', 'identity', 'roles.ts'),
  path.join(REPO, 'contracts', 'src', 'posts', 'status.ts'),
  path.join(REPO, 'contracts', 'src', 'identity', 'profile-rules.ts'),
  path.join(REPO, 'contracts', 'src', 'api', 'time.ts'),
  path.join(REPO, 'contracts', 'src', 'api', 'formats.ts'),
  path.join(REPO, 'contracts', 'src', 'site', 'color-schemes.ts'),
  path.join(REPO, 'package-lock.json'),
];

function filesOf(target: string): string[] {
  if (!existsSync(target)) return [];
  if (statSync(target).isFile()) return [target];
  return readdirSync(target, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** A hash of the build's inputs, kept beside the output. */
export function inputsHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf).sort()) {
    hash.update(path.relative(REPO, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Whether the served build is missing or was made from other sources. */
export function isStale(hash: string = inputsHash()): boolean {
  const stamp = path.join(WEB_DIST, 'build-stamp.txt');
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== hash;
}
