import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

const REPO = path.resolve(import.meta.dirname, '../..');
/** The built web app the gateway serves at `/`. */
export const WEB_ROOT = path.join(REPO, 'frontends', 'root', 'dist');
const BUILD_SCRIPT = path.join(REPO, 'frontends', 'root', 'build', 'build-all.ts');

/**
 * Builds the web app when it is missing or older than its sources (`npm install` already built it; this
 * catches edits since). A failed build is logged and the API still starts.
 */
export async function ensureWebBuild(log: Logger): Promise<void> {
  if (!existsSync(BUILD_SCRIPT)) return;
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', BUILD_SCRIPT, '--if-stale'], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', () => resolve(-1));
    child.once('exit', (exitCode) => {
      if (exitCode === 0) log.info(output.trim());
      else log.error({ output }, 'the web app did not build; serving the API only');
      resolve(exitCode);
    });
  });
  if (code !== 0 && !existsSync(path.join(WEB_ROOT, 'index.html'))) log.warn('no web app to serve');
}
