import { existsSync, readFileSync } from 'node:fs';
import type { AgoraConfig } from '@agora/platform';
import type { Logger } from 'pino';
import { DATABASE_NAME, runtimeFile } from './embedded';
import { startEmbeddedPostgres } from './embedded-postgres';

/** The database of a running embedded instance, of DATABASE_URL, or of one started just for a command. */
export async function reachDatabase(
  config: AgoraConfig,
  log: Logger,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const file = runtimeFile(config.dataDir);
  if (existsSync(file)) {
    const { databaseUrl } = JSON.parse(readFileSync(file, 'utf8')) as { databaseUrl: string };
    return { url: databaseUrl, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({ dataDir: `${config.dataDir}/postgres`, log: (l) => log.debug(l) });
  return { url: server.urlFor(DATABASE_NAME), stop: () => server.stop() };
}
