import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CatchUp } from '@agora/contracts';
import { CACHE_LIMIT_DEFAULTS, type CacheLimits, parseCacheLimits } from './cache-limits';
import { CONNECTION_LIMIT_DEFAULTS } from './connection-limits';
import {
  type CaptchaLimitSettings,
  parseCaptchaLimits,
  parseRateLimits,
  RATE_LIMIT_DEFAULTS,
  type RateLimitSettings,
} from './rate-limits';

/** One typed configuration for every service, the gateway and the launcher (DESIGN §3). */
export interface AgoraConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Absent in the embedded default: the launcher starts PostgreSQL itself. */
  databaseUrl: string | undefined;
  bus: 'postgres' | 'kafka';
  kafkaBrokers: string[];
  kafkaPartitions: number;
  /** Prefix of Kafka topic and consumer-group names: one Kafka can carry several Agoras apart. */
  kafkaPrefix: string;
  search: 'postgres' | 'opensearch';
  opensearchUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How log lines are written: `pretty` for people, `json` for machines; unset: pretty on a terminal (logger.ts). */
  logFormat: 'pretty' | 'json' | undefined;
  siteUrl: string;
  /**
   * Where the gateway finds each service when they run as separate processes: one address or several
   * replicas per service (`name=url|url,...`, or a name repeated), balanced by the gateway.
   */
  serviceUrls: Record<string, string[]>;
  /** SMTP server for mail when the site's SMTP settings name none (`smtp://user:pass@host:587`, `smtps://...`). */
  smtpUrl: string | undefined;
  /** Sender of mail when the site's SMTP settings name none. */
  mailFrom: string;
  /** The gateway runs behind a proxy or load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** The operator listener (health, readiness, metrics) of the gateway; null: none (docs/adr/0041-operator-port.md). */
  operatorPort: number | null;
  operatorHost: string;
  /** A request's whole arrival, its headers' arrival, connections per client address (connection-limits.ts). */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** How long the AI provider may stay silent (before its first part, and between two) before a reply ends. */
  aiProviderTimeoutMs: number;
  connectionsPerAddress: number;
  /** Rate limits by name (`rate-limits.ts`; `AGORA_RATE_LIMITS=login_ip=60/600,...`). */
  rateLimits: RateLimitSettings;
  /** When a captcha is due per action, where not the numbers of `CAPTCHA_RULES` (`AGORA_CAPTCHA_LIMITS=vote=100`). */
  captchaLimits: CaptchaLimitSettings;
  /** How long a command waits for another service's events it depends on (docs/adr/0044-catching-up.md). */
  catchUpMs: number;
  /** Connections each service's pool may open; unset: 6 per service embedded, 10 for a service alone. */
  dbConnections: number | undefined;
  /** A pool size per service, over `dbConnections` (`AGORA_DB_POOLS=posts=8,votes=4`). */
  dbPools: Record<string, number>;
  /** How long an idle pooled connection stays open, in ms (docs/adr/0075-connection-budget.md). */
  dbIdleMs: number;
  /** Hot statements as named prepared statements; off behind a pooler that cannot keep them. */
  dbPrepared: boolean;
  /**
   * PostgreSQL itself when DATABASE_URL is a transaction pooler (PgBouncer): the connections that keep
   * session state (locks held for the process's life, LISTEN, migrations) go here.
   */
  directDatabaseUrl: string | undefined;
  /** The embedded PostgreSQL's shared buffers in MB (DESIGN §4). */
  postgresSharedBuffersMb: number;
  /** Every in-memory cache's bound (`cache-limits.ts`; `AGORA_CACHE_LIMITS=read_entries=1000,...`). */
  cacheLimits: CacheLimits;
  /**
   * `npm start` on a data directory without an installation serves the installer at `/install`
   * (`AGORA_INSTALLER=off`: starts on empty tables at once, as before the installer, for scripts that then
   * run `admin create`).
   */
  installer: boolean;
  /** Install without the wizard, from `AGORA_INSTALL_*` variables, when not installed yet (README). */
  autoInstall: boolean;
  /** `npm start` takes a backup this often, in minutes; 0: never (docs/adr/0101-backup-and-restore.md). */
  backupEveryMinutes: number;
  /** Where scheduled backups go; unset: the data directory's `backups/`. */
  backupDir: string | undefined;
  /** Scheduled backups kept: the oldest beyond this many are deleted after each new one. */
  backupKeep: number;
  /** The config file these settings were read from (or the installer writes), when there is one. */
  configFile: string | undefined;
}

/** The config file of a data directory when `AGORA_CONFIG` names none (the installer writes it). */
export const CONFIG_FILE_NAME = 'config.json';

/** Where the launcher reads (and the installer writes) the config file: `AGORA_CONFIG`, else the data directory's. */
export function configFileOf(env: NodeJS.ProcessEnv): string {
  if (env.AGORA_CONFIG) return path.resolve(env.AGORA_CONFIG);
  return path.resolve(env.AGORA_DATA_DIR || '.agora', CONFIG_FILE_NAME);
}

/** PostgreSQL's stock figure: the embedded default's whole footprint stays near 300 MB (DESIGN §4). */
export const EMBEDDED_SHARED_BUFFERS_MB = 128;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Parser<T> = (raw: unknown) => T;

interface Setting<K extends keyof AgoraConfig> {
  key: K;
  env: string[];
  parse: Parser<AgoraConfig[K]>;
  fallback: (partial: Partial<AgoraConfig>) => AgoraConfig[K];
}

const invalid = (why: string) => {
  throw new Error(why);
};

const text =
  (opts: { pattern?: RegExp; hint?: string } = {}): Parser<string> =>
  (raw) => {
    const value = String(raw).trim();
    if (!value) return invalid('must not be empty');
    if (opts.pattern && !opts.pattern.test(value)) return invalid(`must be ${opts.hint}`);
    return value;
  };

const optionalText =
  (opts: { pattern?: RegExp; hint?: string } = {}): Parser<string | undefined> =>
  (raw) =>
    raw === undefined || raw === '' ? undefined : text(opts)(raw);

const integer =
  (min: number, max: number): Parser<number> =>
  (raw) => {
    const value = typeof raw === 'number' ? raw : Number(String(raw).trim());
    if (!Number.isInteger(value) || value < min || value > max) {
      return invalid(`must be a whole number from ${min} to ${max}`);
    }
    return value;
  };

const oneOf =
  <T extends string>(...allowed: T[]): Parser<T> =>
  (raw) => {
    const value = String(raw).trim() as T;
    if (!allowed.includes(value)) return invalid(`must be one of ${allowed.join(', ')}`);
    return value;
  };

const boolean: Parser<boolean> = (raw) => {
  if (typeof raw === 'boolean') return raw;
  const value = String(raw).trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  return invalid('must be true or false');
};

const list =
  (item: Parser<string>): Parser<string[]> =>
  (raw) => {
    const parts = Array.isArray(raw) ? raw : String(raw).split(',');
    return parts
      .map((p) => String(p).trim())
      .filter(Boolean)
      .map(item);
  };

/** A port, or 0 / `off` for none. */
const optionalPort: Parser<number | null> = (raw) => {
  if (String(raw).trim().toLowerCase() === 'off') return null;
  return integer(0, 65535)(raw) || null;
};

const urlPattern = /^https?:\/\/[^\s]+$/;
const hostPort = text({ pattern: /^[^:\s/]+:\d{1,5}$/, hint: 'host:port' });

const serviceUrl = text({ pattern: urlPattern, hint: 'an http(s) URL' });

/** `name=url|url,name=url`, a name repeated, or from a file `{ name: url | [url, ...] }`: replicas in order. */
const serviceMap: Parser<Record<string, string[]>> = (raw) => {
  const map: Record<string, string[]> = {};
  const add = (name: string, urls: unknown[]) => {
    const key = name.trim();
    if (!key || urls.length === 0) return invalid('must be a list of name=url pairs');
    for (const url of urls) {
      const address = serviceUrl(url);
      const known = map[key] ?? [];
      if (!known.includes(address)) map[key] = [...known, address];
    }
  };
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [name, urls] of Object.entries(raw)) add(name, Array.isArray(urls) ? urls : [urls]);
    return map;
  }
  for (const pair of String(raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, urls] = pair.split('=');
    if (!name || !urls) return invalid('must be a list of name=url pairs');
    add(
      name,
      urls.split('|').filter((url) => url.trim()),
    );
  }
  return map;
};

/** `name=size,...` (or an object from the file): a database pool size per service. */
function poolSizes(raw: unknown): Record<string, number> {
  const entries =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.entries(raw)
      : String(raw ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
          .map((pair) => pair.split('='));
  const sizes: Record<string, number> = {};
  for (const [name, size] of entries) {
    if (typeof name !== 'string' || !/^[a-z]+$/.test(name.trim()) || size === undefined) {
      return invalid('must be a list of service=size pairs');
    }
    sizes[name.trim()] = integer(1, 200)(size);
  }
  return sizes;
}

type FileSetting = Exclude<keyof AgoraConfig, 'configFile'>;

const settings: { [K in FileSetting]: Setting<K> } = {
  host: { key: 'host', env: ['AGORA_HOST', 'HOST'], parse: text(), fallback: () => '127.0.0.1' },
  port: { key: 'port', env: ['AGORA_PORT', 'PORT'], parse: integer(1, 65535), fallback: () => 9080 },
  dataDir: { key: 'dataDir', env: ['AGORA_DATA_DIR'], parse: text(), fallback: () => '.agora' },
  databaseUrl: {
    key: 'databaseUrl',
    env: ['DATABASE_URL'],
    parse: optionalText({ pattern: /^postgres(ql)?:\/\//, hint: 'a postgres:// URL' }),
    fallback: () => undefined,
  },
  bus: { key: 'bus', env: ['AGORA_BUS'], parse: oneOf('postgres', 'kafka'), fallback: () => 'postgres' },
  kafkaBrokers: { key: 'kafkaBrokers', env: ['KAFKA_BROKERS'], parse: list(hostPort), fallback: () => [] },
  kafkaPartitions: {
    key: 'kafkaPartitions',
    env: ['AGORA_KAFKA_PARTITIONS'],
    parse: integer(1, 256),
    fallback: () => 8,
  },
  kafkaPrefix: {
    key: 'kafkaPrefix',
    env: ['AGORA_KAFKA_PREFIX'],
    parse: text({ pattern: /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,100}$/, hint: 'letters, digits, dots, dashes' }),
    fallback: () => 'agora',
  },
  search: {
    key: 'search',
    env: ['AGORA_SEARCH'],
    parse: oneOf('postgres', 'opensearch'),
    fallback: () => 'postgres',
  },
  opensearchUrl: {
    key: 'opensearchUrl',
    env: ['OPENSEARCH_URL'],
    parse: optionalText({ pattern: urlPattern, hint: 'an http(s) URL' }),
    fallback: () => undefined,
  },
  logLevel: {
    key: 'logLevel',
    env: ['LOG_LEVEL'],
    parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    fallback: () => 'info',
  },
  logFormat: {
    key: 'logFormat',
    env: ['AGORA_LOG_FORMAT'],
    parse: oneOf('pretty', 'json'),
    fallback: () => undefined,
  },
  siteUrl: {
    key: 'siteUrl',
    env: ['AGORA_SITE_URL'],
    parse: text({ pattern: urlPattern, hint: 'an http(s) URL' }),
    fallback: (c) => `http://localhost:${c.port ?? 9080}`,
  },
  serviceUrls: { key: 'serviceUrls', env: ['AGORA_SERVICE_URLS'], parse: serviceMap, fallback: () => ({}) },
  smtpUrl: {
    key: 'smtpUrl',
    env: ['AGORA_SMTP_URL'],
    parse: optionalText({ pattern: /^smtps?:\/\/[^\s]+$/, hint: 'an smtp:// or smtps:// URL' }),
    fallback: () => undefined,
  },
  mailFrom: { key: 'mailFrom', env: ['AGORA_MAIL_FROM'], parse: text(), fallback: () => 'Agora <no-reply@localhost>' },
  trustProxy: { key: 'trustProxy', env: ['AGORA_TRUST_PROXY'], parse: boolean, fallback: () => false },
  operatorPort: {
    key: 'operatorPort',
    env: ['AGORA_OPERATOR_PORT'],
    parse: optionalPort,
    fallback: (c) => Math.min((c.port ?? 9080) + 1, 65535),
  },
  operatorHost: { key: 'operatorHost', env: ['AGORA_OPERATOR_HOST'], parse: text(), fallback: () => '127.0.0.1' },
  requestTimeoutMs: {
    key: 'requestTimeoutMs',
    env: ['AGORA_REQUEST_TIMEOUT_MS'],
    parse: integer(1000, 3_600_000),
    fallback: () => CONNECTION_LIMIT_DEFAULTS.requestTimeoutMs,
  },
  aiProviderTimeoutMs: {
    key: 'aiProviderTimeoutMs',
    env: ['AGORA_AI_PROVIDER_TIMEOUT_MS'],
    parse: integer(100, 600_000),
    fallback: () => 30_000,
  },
  headersTimeoutMs: {
    key: 'headersTimeoutMs',
    env: ['AGORA_HEADERS_TIMEOUT_MS'],
    parse: integer(1000, 3_600_000),
    fallback: (c) =>
      Math.min(CONNECTION_LIMIT_DEFAULTS.headersTimeoutMs, c.requestTimeoutMs ?? Number.POSITIVE_INFINITY),
  },
  connectionsPerAddress: {
    key: 'connectionsPerAddress',
    env: ['AGORA_CONNECTIONS_PER_ADDRESS'],
    parse: integer(0, 1_000_000),
    fallback: (c) => (c.trustProxy ? 0 : CONNECTION_LIMIT_DEFAULTS.connectionsPerAddress),
  },
  rateLimits: {
    key: 'rateLimits',
    env: ['AGORA_RATE_LIMITS'],
    parse: parseRateLimits,
    fallback: () => ({ ...RATE_LIMIT_DEFAULTS }),
  },
  captchaLimits: {
    key: 'captchaLimits',
    env: ['AGORA_CAPTCHA_LIMITS'],
    parse: parseCaptchaLimits,
    fallback: () => ({}),
  },
  catchUpMs: {
    key: 'catchUpMs',
    env: ['AGORA_CATCH_UP_MS'],
    parse: integer(0, 60_000),
    fallback: () => CatchUp.timeoutMs,
  },
  dbConnections: {
    key: 'dbConnections',
    env: ['AGORA_DB_CONNECTIONS'],
    parse: integer(1, 200),
    fallback: () => undefined,
  },
  dbPools: { key: 'dbPools', env: ['AGORA_DB_POOLS'], parse: (raw) => poolSizes(raw), fallback: () => ({}) },
  dbIdleMs: { key: 'dbIdleMs', env: ['AGORA_DB_IDLE_MS'], parse: integer(100, 3_600_000), fallback: () => 10_000 },
  dbPrepared: { key: 'dbPrepared', env: ['AGORA_DB_PREPARED'], parse: boolean, fallback: () => true },
  directDatabaseUrl: {
    key: 'directDatabaseUrl',
    env: ['DIRECT_DATABASE_URL'],
    parse: optionalText({ pattern: /^postgres(ql)?:\/\//, hint: 'a postgres:// URL' }),
    fallback: () => undefined,
  },
  postgresSharedBuffersMb: {
    key: 'postgresSharedBuffersMb',
    env: ['AGORA_PG_SHARED_BUFFERS_MB'],
    parse: integer(16, 1024 * 1024),
    fallback: () => EMBEDDED_SHARED_BUFFERS_MB,
  },
  cacheLimits: {
    key: 'cacheLimits',
    env: ['AGORA_CACHE_LIMITS'],
    parse: parseCacheLimits,
    fallback: () => ({ ...CACHE_LIMIT_DEFAULTS }),
  },
  installer: { key: 'installer', env: ['AGORA_INSTALLER'], parse: boolean, fallback: () => true },
  autoInstall: { key: 'autoInstall', env: ['AGORA_AUTO_INSTALL'], parse: boolean, fallback: () => false },
  backupEveryMinutes: {
    key: 'backupEveryMinutes',
    env: ['AGORA_BACKUP_EVERY_MINUTES'],
    parse: integer(0, 525_600),
    fallback: () => 0,
  },
  backupDir: { key: 'backupDir', env: ['AGORA_BACKUP_DIR'], parse: optionalText(), fallback: () => undefined },
  backupKeep: { key: 'backupKeep', env: ['AGORA_BACKUP_KEEP'], parse: integer(1, 10_000), fallback: () => 7 },
};

export interface LoadConfigOptions {
  env?: NodeJS.ProcessEnv;
  /** A JSON file of the same keys (as the installer writes); `AGORA_CONFIG` names it otherwise. */
  file?: string;
  overrides?: Partial<AgoraConfig>;
}

function readConfigFile(file: string | undefined): Record<string, unknown> {
  if (!file) return {};
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`Cannot read the config file ${file}: ${(error as Error).message}`);
  }
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
    const unknownKeys = Object.keys(parsed).filter((k) => !(k in settings));
    if (unknownKeys.length) throw new Error(`unknown setting ${unknownKeys.join(', ')}`);
    return parsed as Record<string, unknown>;
  } catch (error) {
    throw new ConfigError(`Invalid config file ${file}: ${(error as Error).message}`);
  }
}

/**
 * Reads settings from the environment (first), the config file, then defaults, and validates them all.
 * A bad value stops the start with a message naming the setting and what it must be.
 */
export function loadConfig(options: LoadConfigOptions = {}): AgoraConfig {
  const env = options.env ?? process.env;
  const file = options.file ?? env.AGORA_CONFIG;
  const fromFile = readConfigFile(file);
  const result: Partial<AgoraConfig> = {};
  const problems: string[] = [];

  for (const setting of Object.values(settings) as Setting<FileSetting>[]) {
    const envName = setting.env.find((name) => env[name] !== undefined && env[name] !== '');
    const override = options.overrides?.[setting.key];
    const [source, raw] =
      override !== undefined
        ? ['override', override]
        : envName
          ? [envName, env[envName]]
          : setting.key in fromFile
            ? [`${file} "${setting.key}"`, fromFile[setting.key]]
            : [undefined, undefined];
    if (source === undefined) continue;
    try {
      (result as Record<string, unknown>)[setting.key] = setting.parse(raw);
    } catch (error) {
      problems.push(`${source} (${setting.key}) ${(error as Error).message}, got ${JSON.stringify(raw)}`);
    }
  }
  for (const setting of Object.values(settings) as Setting<FileSetting>[]) {
    if (!(setting.key in result)) (result as Record<string, unknown>)[setting.key] = setting.fallback(result);
  }
  const config = result as AgoraConfig;
  if (config.bus === 'kafka' && config.kafkaBrokers.length === 0) {
    problems.push('KAFKA_BROKERS (kafkaBrokers) is required when AGORA_BUS=kafka');
  }
  if (config.search === 'opensearch' && !config.opensearchUrl) {
    problems.push('OPENSEARCH_URL (opensearchUrl) is required when AGORA_SEARCH=opensearch');
  }
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    problems.push('AGORA_HEADERS_TIMEOUT_MS (headersTimeoutMs) must not be more than AGORA_REQUEST_TIMEOUT_MS');
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  config.dataDir = path.resolve(config.dataDir);
  config.configFile = file ? path.resolve(file) : undefined;
  return config;
}

/** Every environment variable `loadConfig` reads (the Kubernetes manifests' test checks theirs against it). */
export function configEnvNames(): string[] {
  return Object.values(settings).flatMap((setting) => setting.env);
}
