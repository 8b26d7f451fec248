import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AGORA_VERSION } from '@agora/contracts';
import type { AgoraConfig, HttpApp } from '@agora/platform';
import type { Logger } from 'pino';
import { type EmbeddedAgora, type OpenedDatabase, openDatabase, serveEmbedded, startEmbedded } from '../embedded';
import { importUnfinished } from '../import/import-state';
import { ALL_SERVICES } from '../services';
import { createMaintenanceApp } from '../upgrade/maintenance-app';
import { pendingMigrations } from '../upgrade/pending';
import { upgradeDatabase } from '../upgrade/upgrade';
import { type Installed, Installer } from './installer';
import { createInstallerApp } from './installer-app';
import { hasAgoraTables } from './tables';
import { refusalText, unattendedRequests } from './unattended';

/** `npm start`: Agora once it runs, and a stop that works at any moment before or after. */
export interface Launch {
  running: Promise<EmbeddedAgora>;
  stop(): Promise<void>;
}

/** How often a start held by an unfinished import looks whether it has finished. */
const IMPORT_POLL_MS = 2_000;

/** Whether the data directory already holds a PostgreSQL cluster (an install, or one started before). */
const clusterExists = (config: AgoraConfig) => existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'));

/**
 * Starts Agora, first serving the installer when nothing is installed yet (docs/adr/0060-installer.md): a
 * database without Agora's tables (a fresh data directory, or an empty external database) and the
 * installer on (`AGORA_INSTALLER`); with `AGORA_AUTO_INSTALL` it installs from the environment instead, and
 * a second run finds the installation and starts it. Once installed the installer closes and Agora listens on its port,
 * in the same process.
 */
export function launchAgora(
  config: AgoraConfig,
  log: Logger,
  configFile: string,
  env: NodeJS.ProcessEnv = process.env,
): Launch {
  let installerApp: HttpApp | null = null;
  let installer: Installer | null = null;
  let agora: EmbeddedAgora | null = null;
  let stopping = false;

  const runInstaller = async (opened: OpenedDatabase | null): Promise<EmbeddedAgora> => {
    const installed = await new Promise<Installed>((resolve, reject) => {
      installer = new Installer({ config, log, configFile, embedded: opened, onInstalled: resolve });
      createInstallerApp(config, log, installer)
        .then(async (app) => {
          installerApp = app;
          const address = await app.listen({ host: config.host, port: config.port });
          log.info(`Agora is not installed yet: open ${address.replace(/\[::1?\]|0\.0\.0\.0/, 'localhost')}/install`);
          installer?.warmUp();
        })
        .catch(reject);
    });
    installer = null;
    await installerApp?.close();
    installerApp = null;
    return serveEmbedded(installed.config, installed.database, installed.agora);
  };

  /** The same installer, its requests from the environment: the site starts once it is done, or never. */
  const installUnattended = async (opened: OpenedDatabase | null): Promise<EmbeddedAgora> => {
    const { database, site } = unattendedRequests(env);
    let done: Installed | null = null;
    const unattended = new Installer({ config, log, configFile, embedded: opened, onInstalled: (i) => (done = i) });
    installer = unattended;
    try {
      log.info('installing from AGORA_INSTALL_* (AGORA_AUTO_INSTALL)');
      await unattended.init(database);
      await unattended.baseInfo(site);
    } catch (error) {
      await unattended.stopEmbedded();
      throw new Error(`the unattended install failed: ${refusalText(error)}`, { cause: error });
    } finally {
      installer = null;
    }
    const installed = done as Installed | null;
    if (!installed) throw new Error('the unattended install did not complete');
    return serveEmbedded(installed.config, installed.database, installed.agora);
  };

  /** An installation whose code is newer than its schemas: upgraded first, visitors shown /maintenance. */
  const upgraded = async (opened: OpenedDatabase): Promise<OpenedDatabase> => {
    const pending = await pendingMigrations(opened.url, ALL_SERVICES);
    if (!pending.length) return opened;
    const count = pending.reduce((sum, p) => sum + p.migrations.length, 0);
    log.info(`upgrading to Agora ${AGORA_VERSION}: ${count} migrations of ${pending.map((p) => p.service).join(', ')}`);
    const maintenance = await createMaintenanceApp(log);
    try {
      await maintenance.listen({ host: config.host, port: config.port });
      await upgradeDatabase(opened.url, ALL_SERVICES, pending, log);
    } catch (error) {
      await opened.server?.stop().catch(() => {});
      throw error;
    } finally {
      await maintenance.close();
    }
    log.info('the upgrade is done');
    return opened;
  };

  /**
   * A database an import is still writing into, or left unfinished: visitors get the maintenance page until the
   * import is finished (docs/adr/0094-importing-a-community.md), so nothing half-imported is ever shown.
   */
  const imported = async (opened: OpenedDatabase): Promise<OpenedDatabase> => {
    let source = await importUnfinished(opened.url);
    if (!source) return opened;
    log.warn(
      `an import of ${source} is unfinished: the site opens once it is (run the same import again to finish it)`,
    );
    const maintenance = await createMaintenanceApp(log);
    try {
      await maintenance.listen({ host: config.host, port: config.port });
      while (source && !stopping) {
        await sleep(IMPORT_POLL_MS);
        source = await importUnfinished(opened.url);
      }
    } finally {
      await maintenance.close();
    }
    return opened;
  };

  const start = async (): Promise<EmbeddedAgora> => {
    const opened = config.databaseUrl || clusterExists(config) ? await openDatabase(config, log) : null;
    const installed = opened ? await hasAgoraTables(opened.url).catch(() => true) : false;
    if (installed && config.autoInstall) log.info('Agora is installed already: AGORA_AUTO_INSTALL has nothing to do');
    if (installed && opened) agora = await startEmbedded(config, log, await imported(await upgraded(opened)));
    else if (config.autoInstall) agora = await installUnattended(opened);
    else if (config.installer) agora = await runInstaller(opened);
    else agora = await startEmbedded(config, log, opened ?? undefined);
    if (stopping) await agora.stop();
    return agora;
  };

  const running = start();
  return {
    running,
    async stop() {
      stopping = true;
      if (installerApp) await installerApp.close();
      await (installer as Installer | null)?.stopEmbedded();
      if (agora) await agora.stop();
    },
  };
}
