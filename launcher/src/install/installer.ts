import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  type CheckConfigFileResp,
  type CheckDatabaseReq,
  type InitBaseInfoReq,
  InstallDatabaseType,
} from '@agora/contracts';
import type { ComposedAgora } from '@agora/gateway';
import { type AgoraConfig, ApiError, errors, loadConfig, postgresRefusal, postgresUrlOf } from '@agora/platform';
import type { Installation } from '@agora/site';
import type { Logger } from 'pino';
import { composeEmbedded, type OpenedDatabase, startEmbeddedDatabase } from '../embedded';
import { configContent, configFileRefusal, type InstalledSettings, writeConfigFile } from './config-file';
import { installSite } from './install-site';
import { dropAgoraTables, hasAgoraTables } from './tables';

/** The database an install goes to: the embedded server, or an external PostgreSQL's URL. */
type Target = { kind: 'embedded' } | { kind: 'external'; url: string };

/** What a finished install hands the launcher: the composed Agora on its database, ready to listen. */
export interface Installed {
  config: AgoraConfig;
  database: OpenedDatabase;
  agora: ComposedAgora;
}

export interface InstallerOptions {
  config: AgoraConfig;
  log: Logger;
  /** The config file the install writes (`AGORA_CONFIG`, else the data directory's). */
  configFile: string;
  /** The embedded server when it is already running (a data directory whose cluster exists). */
  embedded?: OpenedDatabase | null;
  /** Called once, when an install has completed. */
  onInstalled: (installed: Installed) => void;
}

/** Identity's names of the admin's fields, as `base-info` names them. */
const BASE_INFO_FIELDS: Record<string, string> = {
  username: 'name',
  display_name: 'name',
  e_mail: 'email',
  pass: 'password',
};

function onInstallFields(error: ApiError): ApiError {
  if (!error.fields.length) return error;
  return errors.fields(...error.fields.map((f) => ({ ...f, field: BASE_INFO_FIELDS[f.field] ?? f.field })));
}

const alert = (key: string, params: Record<string, string | number> = {}) => errors.business(key, key, 'alert', params);

/**
 * The first-run installer (docs/adr/0060-installer.md): checks the database and the config file, and
 * installs (every service's migrations, the site's settings, the admin, the starter content) then writes
 * the config file, so that a failure leaves neither tables nor file behind.
 */
export class Installer implements Installation {
  private chosen: Target | null = null;
  private embedded: Promise<OpenedDatabase> | null;
  private state: 'waiting' | 'installing' | 'installed' = 'waiting';

  constructor(private readonly options: InstallerOptions) {
    this.embedded = options.embedded ? Promise.resolve(options.embedded) : null;
  }

  /** The settings a config file already names (by hand, or DATABASE_URL): then the database is chosen. */
  private presetTarget(): Target | null {
    if (this.options.config.databaseUrl) return { kind: 'external', url: this.options.config.databaseUrl };
    if (!existsSync(this.options.configFile)) return null;
    const fromFile = loadConfig({ file: this.options.configFile });
    return fromFile.databaseUrl ? { kind: 'external', url: fromFile.databaseUrl } : { kind: 'embedded' };
  }

  private embeddedDatabase(): Promise<OpenedDatabase> {
    this.embedded ??= startEmbeddedDatabase(this.options.config, this.options.log).catch((error) => {
      this.embedded = null;
      throw error;
    });
    return this.embedded;
  }

  /**
   * Starts the embedded server in the background, as the default choice, so that an install does not wait
   * for it; a failure is reported and tried again when the database is checked.
   */
  warmUp(): void {
    if (this.options.config.databaseUrl || existsSync(this.options.configFile)) return;
    this.embeddedDatabase().catch((error: Error) =>
      this.options.log.warn(`the embedded PostgreSQL could not start yet: ${error.message}`),
    );
  }

  private async urlOf(target: Target): Promise<string> {
    return target.kind === 'external' ? target.url : (await this.embeddedDatabase()).url;
  }

  private targetOf(request: CheckDatabaseReq): Target {
    if (request.db_type === InstallDatabaseType.mysql) {
      throw errors.fields({ field: 'db_type', key: 'error.install.database_type_unsupported' });
    }
    if (request.db_type === InstallDatabaseType.postgres) return { kind: 'external', url: postgresUrlOf(request) };
    return { kind: 'embedded' };
  }

  /** Connects, or throws the alert that names why not. */
  private async connect(target: Target): Promise<string> {
    let url: string;
    try {
      url = await this.urlOf(target);
    } catch (error) {
      throw alert('error.install.database_connection_failed', { detail: (error as Error).message });
    }
    const refusal = await postgresRefusal(url);
    if (refusal) throw alert('error.install.database_connection_failed', { detail: refusal });
    return url;
  }

  private refuseWhenInstalled() {
    if (this.state === 'installed') throw alert('error.install.already_installed');
    if (this.state === 'installing') throw alert('error.install.in_progress');
  }

  async checkConfigFile(): Promise<CheckConfigFileResp> {
    const target = this.presetTarget();
    const configFileExists = target !== null;
    if (!target) return { config_file_exist: false, db_connection_success: false, db_table_exist: false };
    const url = await this.urlOf(target).catch(() => null);
    const connected = url !== null && (await postgresRefusal(url)) === null;
    return {
      config_file_exist: configFileExists,
      db_connection_success: connected,
      db_table_exist: connected && url !== null && (await hasAgoraTables(url)),
    };
  }

  async checkDatabase(request: CheckDatabaseReq) {
    this.refuseWhenInstalled();
    await this.connect(this.targetOf(request));
    return { connection_success: true };
  }

  /**
   * Checks the database and that the config file can be created, and keeps the choice for `base-info`.
   * A config file already there (written by hand) names the database instead: nothing to do.
   */
  async init(request: CheckDatabaseReq): Promise<void> {
    this.refuseWhenInstalled();
    if (this.presetTarget()) return;
    const target = this.targetOf(request);
    const url = await this.connect(target);
    if (await hasAgoraTables(url)) throw alert('error.install.already_installed');
    const refusal = configFileRefusal(this.options.configFile);
    if (refusal) throw this.configFailure(target, refusal);
    this.chosen = target;
  }

  private settingsOf(target: Target, siteUrl?: string): InstalledSettings {
    return { ...(target.kind === 'external' ? { databaseUrl: target.url } : {}), ...(siteUrl ? { siteUrl } : {}) };
  }

  private configFailure(target: Target, detail: string, siteUrl?: string): ApiError {
    const file = this.options.configFile;
    return new ApiError(
      400,
      'error.install.create_config_failed',
      {
        success: false,
        create_config_failed: true,
        default_config: configContent(this.settingsOf(target, siteUrl)),
        err_type: 'alert',
      },
      'error.install.create_config_failed',
      { file, detail },
    );
  }

  /** Installs into the chosen database; on any failure the tables made are dropped and no file is written. */
  async baseInfo(request: InitBaseInfoReq): Promise<void> {
    this.refuseWhenInstalled();
    const preset = this.presetTarget();
    const target = preset ?? this.chosen;
    if (!target) throw alert('error.install.database_not_chosen');
    const url = await this.connect(target);
    if (await hasAgoraTables(url)) throw alert('error.install.already_installed');
    this.state = 'installing';
    const { log } = this.options;
    const config: AgoraConfig = {
      ...this.options.config,
      databaseUrl: target.kind === 'external' ? target.url : undefined,
      configFile: this.options.configFile,
    };
    let agora: ComposedAgora | null = null;
    try {
      agora = await composeEmbedded(config, log, url);
      await installSite(agora, request);
      if (!preset) {
        try {
          writeConfigFile(this.options.configFile, configContent(this.settingsOf(target, request.site_url)));
        } catch (error) {
          throw this.configFailure(target, (error as NodeJS.ErrnoException).code ?? String(error), request.site_url);
        }
      }
    } catch (error) {
      this.state = 'waiting';
      log.warn({ err: error }, 'the installation failed; undoing it');
      await agora?.close().catch((e) => log.warn({ err: e }, 'stopping the half-installed services failed'));
      await dropAgoraTables(url).catch((e) => log.error({ err: e }, 'dropping the half-installed tables failed'));
      if (error instanceof ApiError) throw onInstallFields(error);
      throw alert('error.install.failed', { detail: (error as Error).message });
    }
    this.state = 'installed';
    log.info(`Agora is installed (config in ${path.resolve(this.options.configFile)}); the site starts now.`);
    const database: OpenedDatabase = target.kind === 'external' ? { url, server: null } : await this.embeddedDatabase();
    if (target.kind === 'external') await this.stopEmbedded();
    this.options.onInstalled({ config, database, agora });
  }

  /** Stops the embedded server when the install does not use it (or the installer is closed before one). */
  async stopEmbedded(): Promise<void> {
    const embedded = this.embedded;
    this.embedded = null;
    const opened = await embedded?.catch(() => null);
    await opened?.server?.stop();
  }
}
