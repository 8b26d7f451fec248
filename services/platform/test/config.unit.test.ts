import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configFileOf, loadConfig } from '../src/config/config';
import { connectionBudget, connectionsOfServiceProcess } from '../src/db/connection-budget';

describe('config', () => {
  it('has working defaults for the embedded start', () => {
    const config = loadConfig({ env: {} });
    expect(config).toMatchObject({ port: 9080, bus: 'postgres', search: 'postgres', databaseUrl: undefined });
    expect(config.siteUrl).toBe('http://localhost:9080');
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it("bounds memory by settings: caches, pools, the embedded server's shared buffers", () => {
    const defaults = loadConfig({ env: {} });
    expect(defaults.cacheLimits).toEqual({
      read_entries: 5000,
      read_mb: 32,
      post_facts: 20_000,
      reactions: 20_000,
      sessions: 20_000,
      counters: 100_000,
    });
    expect(defaults).toMatchObject({ dbConnections: undefined, postgresSharedBuffersMb: 128 });
    const set = loadConfig({
      env: {
        AGORA_CACHE_LIMITS: 'read_entries=100, sessions=0',
        AGORA_DB_CONNECTIONS: '3',
        AGORA_PG_SHARED_BUFFERS_MB: '64',
      },
    });
    expect(set.cacheLimits).toMatchObject({ read_entries: 100, sessions: 0, read_mb: 32 });
    expect(set).toMatchObject({ dbConnections: 3, postgresSharedBuffersMb: 64 });
  });

  it('bounds slow and numerous connections, with no per-address limit behind a proxy', () => {
    expect(loadConfig({ env: {} })).toMatchObject({
      requestTimeoutMs: 25_000,
      headersTimeoutMs: 10_000,
      connectionsPerAddress: 256,
    });
    expect(loadConfig({ env: { AGORA_TRUST_PROXY: 'true' } }).connectionsPerAddress).toBe(0);
    expect(loadConfig({ env: { AGORA_REQUEST_TIMEOUT_MS: '5000' } })).toMatchObject({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 5000,
    });
    expect(() => loadConfig({ env: { AGORA_REQUEST_TIMEOUT_MS: '5000', AGORA_HEADERS_TIMEOUT_MS: '6000' } })).toThrow(
      /must not be more than AGORA_REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ env: { AGORA_REQUEST_TIMEOUT_MS: '0' } })).toThrow(/AGORA_REQUEST_TIMEOUT_MS/);
  });

  it('takes one address or several replicas per service, in order, each once', () => {
    const config = loadConfig({
      env: { AGORA_SERVICE_URLS: 'site=http://s:1, posts=http://p:1|http://p:2,posts=http://p:3,posts=http://p:2' },
    });
    expect(config.serviceUrls).toEqual({ site: ['http://s:1'], posts: ['http://p:1', 'http://p:2', 'http://p:3'] });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-config-'));
    const file = path.join(dir, 'agora.json');
    writeFileSync(file, JSON.stringify({ serviceUrls: { site: 'http://s:1', votes: ['http://v:1', 'http://v:2'] } }));
    expect(loadConfig({ env: { AGORA_CONFIG: file } }).serviceUrls).toEqual({
      site: ['http://s:1'],
      votes: ['http://v:1', 'http://v:2'],
    });
  });

  it('sizes pools per service, releases idle connections, and can name PostgreSQL itself beside a pooler', () => {
    const defaults = loadConfig({ env: {} });
    expect(defaults).toMatchObject({ dbPools: {}, dbIdleMs: 10_000, dbPrepared: true, directDatabaseUrl: undefined });
    const set = loadConfig({
      env: {
        AGORA_DB_POOLS: 'posts=8, votes=4',
        AGORA_DB_IDLE_MS: '2000',
        AGORA_DB_PREPARED: 'off',
        DIRECT_DATABASE_URL: 'postgres://pg:5432/agora_posts',
      },
    });
    expect(set).toMatchObject({
      dbPools: { posts: 8, votes: 4 },
      dbIdleMs: 2000,
      dbPrepared: false,
      directDatabaseUrl: 'postgres://pg:5432/agora_posts',
    });
    expect(connectionsOfServiceProcess(set, 'posts')).toEqual({ pool: 8, held: 3, most: 13 });
    expect(connectionsOfServiceProcess({ ...set, dbConnections: 5 }, 'tags').pool).toBe(5);
    expect(connectionsOfServiceProcess(defaults, 'tags').pool).toBe(10);
    expect(connectionBudget(set, { posts: 2, votes: 2, tags: 1 })).toEqual({
      processes: 5,
      held: 15,
      most: 2 * 13 + 2 * 9 + 15,
    });
  });

  it('reads the environment before the config file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-config-'));
    const file = path.join(dir, 'agora.json');
    writeFileSync(file, JSON.stringify({ port: 7000, logLevel: 'warn', kafkaBrokers: ['k1:9092'] }));
    const config = loadConfig({ env: { AGORA_CONFIG: file, AGORA_PORT: '7100', AGORA_BUS: 'kafka' } });
    expect(config).toMatchObject({ port: 7100, logLevel: 'warn', bus: 'kafka', kafkaBrokers: ['k1:9092'] });
  });

  it.each([
    [{ AGORA_PORT: 'abc' }, /AGORA_PORT \(port\) must be a whole number from 1 to 65535, got "abc"/],
    [{ PORT: '70000' }, /PORT \(port\) must be a whole number/],
    [{ AGORA_BUS: 'rabbit' }, /AGORA_BUS \(bus\) must be one of postgres, kafka/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL \(databaseUrl\) must be a postgres:\/\/ URL/],
    [{ AGORA_BUS: 'kafka' }, /KAFKA_BROKERS \(kafkaBrokers\) is required when AGORA_BUS=kafka/],
    [{ KAFKA_BROKERS: 'nohost' }, /KAFKA_BROKERS \(kafkaBrokers\) must be host:port/],
    [{ AGORA_SEARCH: 'opensearch' }, /OPENSEARCH_URL \(opensearchUrl\) is required/],
    [{ AGORA_SERVICE_URLS: 'site' }, /AGORA_SERVICE_URLS \(serviceUrls\) must be a list of name=url pairs/],
    [{ AGORA_SERVICE_URLS: 'posts=http://p:1|ftp://p' }, /AGORA_SERVICE_URLS \(serviceUrls\) must be an http\(s\) URL/],
    [{ AGORA_CACHE_LIMITS: 'reads=10' }, /AGORA_CACHE_LIMITS \(cacheLimits\) names an unknown cache reads/],
    [{ AGORA_CACHE_LIMITS: 'read_mb=-1' }, /read_mb must be a whole number from 0/],
    [{ AGORA_DB_CONNECTIONS: '0' }, /AGORA_DB_CONNECTIONS \(dbConnections\) must be a whole number from 1 to 200/],
    [{ AGORA_DB_POOLS: 'posts' }, /AGORA_DB_POOLS \(dbPools\) must be a list of service=size pairs/],
    [{ AGORA_DB_POOLS: 'posts=0' }, /AGORA_DB_POOLS \(dbPools\) must be a whole number from 1 to 200/],
    [{ AGORA_PG_SHARED_BUFFERS_MB: '8' }, /AGORA_PG_SHARED_BUFFERS_MB \(postgresSharedBuffersMb\) must be/],
  ])('refuses %j with a message naming the setting', (env, message) => {
    expect(() => loadConfig({ env })).toThrow(ConfigError);
    expect(() => loadConfig({ env })).toThrow(message);
  });

  it('refuses a config file with an unknown setting or bad JSON', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-config-'));
    const unknown = path.join(dir, 'a.json');
    writeFileSync(unknown, JSON.stringify({ prot: 1 }));
    expect(() => loadConfig({ env: { AGORA_CONFIG: unknown } })).toThrow(/unknown setting prot/);
    const broken = path.join(dir, 'b.json');
    writeFileSync(broken, '{ port: ');
    expect(() => loadConfig({ env: { AGORA_CONFIG: broken } })).toThrow(/Invalid config file/);
  });

  it("finds the installer's config file in AGORA_CONFIG, else in the data directory, and says which it read", () => {
    expect(configFileOf({ AGORA_CONFIG: 'etc/agora.json' })).toBe(path.resolve('etc/agora.json'));
    expect(configFileOf({ AGORA_DATA_DIR: '/srv/agora' })).toBe('/srv/agora/config.json');
    expect(configFileOf({})).toBe(path.resolve('.agora/config.json'));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-config-'));
    const file = path.join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({ databaseUrl: 'postgres://agora:secret@db:5432/agora', siteUrl: 'https://qa.example.com' }),
    );
    const config = loadConfig({ env: {}, file });
    expect(config).toMatchObject({ databaseUrl: 'postgres://agora:secret@db:5432/agora', configFile: file });
    expect(loadConfig({ env: {} }).configFile).toBeUndefined();
  });

  it('serves the installer on a fresh start unless AGORA_INSTALLER is off; installs unattended only when asked', () => {
    expect(loadConfig({ env: {} })).toMatchObject({ installer: true, autoInstall: false });
    expect(loadConfig({ env: { AGORA_INSTALLER: 'off', AGORA_AUTO_INSTALL: 'true' } })).toMatchObject({
      installer: false,
      autoInstall: true,
    });
    expect(() => loadConfig({ env: { AGORA_INSTALLER: 'maybe' } })).toThrow(
      /AGORA_INSTALLER \(installer\) must be true or false/,
    );
  });
});
