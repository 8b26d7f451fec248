import { busSettingsOf, createEventBus } from '../bus/create-bus';
import { type AgoraConfig, ConfigError, type LoadConfigOptions, loadConfig } from '../config/config';
import { createLogger } from '../observability/logger';
import type { ServiceModule } from './module';
import { startService } from './service';

/**
 * Stops cleanly once on SIGINT or SIGTERM. A repeat within 2 s is the same Ctrl-C delivered twice (a
 * terminal signals the whole process group, and wrappers such as tsx forward it too); a later one is
 * the user insisting, and exits at once.
 */
export function onShutdown(stop: () => Promise<void>, log: { info: (msg: string) => void }) {
  let stoppingSince = 0;
  const handler = (signal: string) => {
    if (stoppingSince) {
      if (Date.now() - stoppingSince > 2000) process.exit(1);
      return;
    }
    stoppingSince = Date.now();
    log.info(`${signal} received, stopping`);
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
}

export function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  throw error;
}

/** The configuration, or the process ends with a message naming the bad setting. */
export function loadConfigOrExit(options: LoadConfigOptions = {}): AgoraConfig {
  try {
    return loadConfig(options);
  } catch (error) {
    exitOnConfigError(error);
  }
}

/** Runs one service alone in this process (scaled out), configured by the environment. */
export async function runServiceProcess(module: ServiceModule): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.databaseUrl)
    exitOnConfigError(new ConfigError('DATABASE_URL (databaseUrl) is required to run a service alone'));
  const log = createLogger(config);
  // The PostgreSQL bus LISTENs: on PostgreSQL itself when DATABASE_URL is a transaction pooler.
  const directDatabaseUrl = config.directDatabaseUrl ?? config.databaseUrl;
  const bus = await createEventBus({
    ...busSettingsOf(config),
    databaseUrl: directDatabaseUrl,
    clientId: `agora-${module.name}`,
    log,
  });
  const service = await startService(module, { config, databaseUrl: config.databaseUrl, directDatabaseUrl, bus, log });
  await service.app.listen({ host: config.host, port: config.port });
  log.info(`${module.name} service listening on http://${config.host}:${config.port}`);
  onShutdown(async () => {
    await service.close();
    await bus.close();
  }, log);
}
