import { existsSync, readFileSync } from 'node:fs';
import type { AgoraConfig } from '@agora/platform';
import type { Logger } from 'pino';
import { DATABASE_NAME, runtimeFile } from './embedded';
import { startEmbeddedPostgres } from './embedded-postgres';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The database of a running embedded instance, of DATABASE_URL, or of one started just for a command. */
export async function reachDatabase(
  config: AgoraConfig,
  log: Logger,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const file = runtimeFile(config.dataDir);
  if (existsSync(file)) {
    const { databaseUrl, pid } = JSON.parse(readFileSync(file, 'utf8')) as { databaseUrl: string; pid: number };
    if (isAlive(pid)) return { url: databaseUrl, stop: async () => {} };
  }
  // No running Agora (or one still starting, whose server is shared): a server of the command's own.
  const server = await startEmbeddedPostgres({
    dataDir: `${config.dataDir}/postgres`,
    sharedBuffersMb: config.postgresSharedBuffersMb,
    log: (l) => log.debug(l),
    report: (level, message) => log[level](message),
    shareRunning: true,
  });
  return { url: server.urlFor(DATABASE_NAME), stop: () => server.stop() };
}
