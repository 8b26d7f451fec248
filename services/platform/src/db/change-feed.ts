import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { Wakeup } from '../bus/wakeup';
import { CONNECT_TIMEOUT_MS } from './database';
import type { ChangeAnnouncer } from './user-cache';

/** SQL that makes the tables of a read model announce their changes on CHANGES_CHANNEL (statement level). */
export async function watchTables(db: Kysely<unknown>, tables: string[]): Promise<void> {
  for (const table of tables) {
    await sql`
      create trigger ${sql.id(`${table}_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_read_model_change()`.execute(db);
  }
}

/**
 * SQL that makes tables a topic of their own: their changes are announced as `schema/topic`, so caches of
 * them (site settings, actors) are not emptied by every other change of the service's read models.
 */
export async function watchTopicTables(db: Kysely<unknown>, topic: string, tables: string[]): Promise<void> {
  for (const table of tables) {
    await sql`drop trigger if exists ${sql.id(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_topic_change(${sql.lit(topic)})`.execute(db);
  }
}

/**
 * SQL that makes rows of tables announce their key on change, as `schema/topic#key` (`#*` when a table is
 * emptied), for caches kept per key (ChangeFeed.onKeyChanged). Needs the `announce_row_key` function.
 */
export async function announceKeys(db: Kysely<unknown>, topic: string, tables: string[], keyColumn: string) {
  for (const table of tables) {
    await sql`
      create trigger ${sql.id(`${table}_announce_key`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function announce_row_key(${sql.lit(topic)}, ${sql.lit(keyColumn)})`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_announce_all_keys`)} after truncate on ${sql.table(table)}
      for each statement execute function announce_row_key(${sql.lit(topic)}, ${sql.lit(keyColumn)})`.execute(db);
  }
}

/** The channel the `notify_read_model_change` trigger of every watched table sends its schema on. */
export const CHANGES_CHANNEL = 'agora_read_model_changes';

/** The setting (`set local`) by which a transaction names the topic its changes of watched tables are announced as. */
export const CHANGE_TOPIC_SETTING = 'agora.change_topic';

/**
 * Counts that move with every view, not with the content (posts' view counts): their changes empty the caches that
 * show them (`ChangeFeed.withTallies`) but move no version, so a kept page is not checked again for them
 * (docs/adr/0071-public-page-caching.md).
 */
export const TALLIES_TOPIC = 'tallies';

/** A version to cache under: null while changes cannot be heard. */
export interface Versioned {
  readonly version: number | null;
}

/** A version, and a call whenever it may have moved (workers wait for it instead of looking on a timer). */
export interface ChangeSignal extends Versioned {
  /** Calls `handler` after every change of the version, listening coming or going included; returns the way to stop. */
  onChange(handler: () => void): () => void;
}

/**
 * Tells a process when its service's read models may have changed, so caches of query results stay
 * exact: at once for this process's own commits (commands and projection batches call `changed()`),
 * and within milliseconds for another replica's, by a NOTIFY that a statement trigger on every watched
 * table sends at commit. While the listening connection is down nobody may cache (`version` is null):
 * a change could be missed.
 */
export class ChangeFeed implements ChangeSignal, ChangeAnnouncer {
  private counter = 0;
  private readonly topics = new Map<string, number>();
  private readonly keyHandlers = new Map<string, Set<(key: string) => void>>();
  private readonly resets = new Set<() => void>();
  private readonly changeHandlers = new Set<() => void>();
  private readonly topicHandlers = new Map<string, Set<() => void>>();
  private heard = false;
  private client: pg.Client | null = null;
  private stopped = false;
  /** Woken when the listening connection is lost (or the feed stops): the watch loop then reconnects. */
  private readonly lost = new Wakeup();
  private generation = 0;
  /** Names this feed's counter apart from another process's (or a restarted one's) in `token`. */
  private readonly instance = randomUUID().slice(0, 8);

  constructor(private readonly options: { url: string; schema: string; log: Logger; retryMs?: number }) {}

  /** The current version of the read models; null when changes cannot be heard. */
  get version(): number | null {
    return this.heard ? this.counter : null;
  }

  /**
   * The version as another process may compare it (the gateway's page cache, ReadVersion in contracts): equal
   * tokens mean no change of the read models in between; null when changes cannot be heard.
   */
  get token(): string | null {
    return this.heard ? `${this.instance}.${this.counter}` : null;
  }

  /** Whether changes can be heard now (caches may keep what they load). */
  get listening(): boolean {
    return this.heard;
  }

  /** Called whenever what was heard before may be incomplete: the listening connection came or went. */
  onReset(handler: () => void): void {
    this.resets.add(handler);
  }

  /**
   * Called with the key of each row of a keyed topic announced as changed (`schema/topic#key`, see
   * announceKeys), `*` for all of them. Keyed announcements move no version: they are for per-key caches.
   */
  onKeyChanged(topic: string, handler: (key: string) => void): void {
    const handlers = this.keyHandlers.get(topic) ?? new Set();
    handlers.add(handler);
    this.keyHandlers.set(topic, handlers);
  }

  /** The version of one topic table's contents (see watchTopicTables); null when changes cannot be heard. */
  topic(name: string): ChangeSignal {
    if (!this.topics.has(name)) this.topics.set(name, 0);
    const feed = this;
    return {
      get version() {
        return feed.heard ? (feed.topics.get(name) ?? 0) : null;
      },
      onChange(handler: () => void) {
        const handlers = feed.topicHandlers.get(name) ?? new Set();
        handlers.add(handler);
        feed.topicHandlers.set(name, handlers);
        return () => handlers.delete(handler);
      },
    };
  }

  onChange(handler: () => void): () => void {
    this.changeHandlers.add(handler);
    return () => this.changeHandlers.delete(handler);
  }

  /** The read models changed; `topics` names the topic tables among the changed ones. */
  changed(topics: readonly string[] = []): void {
    const talliesOnly = topics.length > 0 && topics.every((name) => name === TALLIES_TOPIC);
    if (!talliesOnly) this.counter++;
    for (const name of topics) this.topics.set(name, (this.topics.get(name) ?? 0) + 1);
    if (!talliesOnly) for (const handler of this.changeHandlers) handler();
    for (const name of topics) for (const handler of this.topicHandlers.get(name) ?? []) handler();
  }

  /**
   * The read models' version and the tallies' together, for caches of replies that show counts as well: it moves
   * with either (their sum only grows), while `version` and `token` move with the read models alone.
   */
  withTallies(): ChangeSignal {
    const tallies = this.topic(TALLIES_TOPIC);
    const feed = this;
    return {
      get version() {
        const content = feed.version;
        const counts = tallies.version;
        return content === null || counts === null ? null : content + counts;
      },
      onChange(handler: () => void) {
        const stopContent = feed.onChange(handler);
        const stopCounts = tallies.onChange(handler);
        return () => {
          stopContent();
          stopCounts();
        };
      },
    };
  }

  /** Anything may have changed (the listening connection came or went). */
  private changedAll(): void {
    this.changed([...this.topics.keys()]);
    for (const reset of this.resets) reset();
  }

  /** Rows of a keyed topic changed in this process (the announcements of other replicas' follow apart). */
  changedKeys(topic: string, keys: readonly string[]): void {
    const handlers = this.keyHandlers.get(topic);
    if (!handlers) return;
    for (const key of keys) for (const handler of handlers) handler(key);
  }

  private heardTopic(announced: string): void {
    const hash = announced.indexOf('#');
    if (hash < 0) {
      this.changed([announced]);
      return;
    }
    this.changedKeys(announced.slice(0, hash), [announced.slice(hash + 1)]);
  }

  async start(): Promise<void> {
    this.stopped = false;
    const generation = ++this.generation;
    await this.listen();
    void this.watch(generation);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.url,
      application_name: `agora-${this.options.schema}-changes`,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A connection that died silently would hear nothing while caches trusted it: keep-alive finds it out.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const topicPrefix = `${this.options.schema}/`;
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload === this.options.schema) this.changed([]);
      else if (payload.startsWith(topicPrefix)) this.heardTopic(payload.slice(topicPrefix.length));
    });
    const connectionLost = new Promise<void>((resolve) => {
      client.on('error', () => resolve());
      client.on('end', () => resolve());
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      // The database is not back yet: drop this attempt's socket, the watch loop tries again.
      await client.end().catch(() => {});
      throw error;
    }
    this.client = client;
    // Whatever happened while nobody listened is unknown: every cached result is now stale.
    this.heard = true;
    this.changedAll();
    void connectionLost.then(() => {
      this.heard = false;
      this.changedAll();
      this.lost.wake();
    });
  }

  /** While listening it sleeps; once the connection is lost it tries again every `retryMs` until it listens. */
  private async watch(generation: number): Promise<void> {
    let failing = false;
    while (!this.stopped && generation === this.generation) {
      if (this.heard) {
        await this.lost.wait();
        continue;
      }
      await sleep(this.options.retryMs ?? 1000);
      if (this.heard || this.stopped) continue;
      await this.client?.end().catch(() => {});
      this.client = null;
      try {
        await this.listen();
        if (failing) this.options.log.info('read-model change feed: listening again');
        failing = false;
      } catch (error) {
        // Once per outage, not once a second.
        if (!failing) this.options.log.warn({ err: error }, 'read-model change feed: cannot listen yet; retrying');
        failing = true;
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.lost.wake();
    this.heard = false;
    for (const reset of this.resets) reset();
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}

/** What a cached value costs in bytes, counted against `maxBytes`: serialised replies; objects count by number only. */
function bytesOf(value: unknown): number {
  if (Buffer.isBuffer(value)) return value.byteLength;
  return typeof value === 'string' ? value.length : 0;
}

/**
 * Query results kept until the read models change (see ChangeFeed). Concurrent misses of one key share
 * one load, so a change under load costs one query, not one per waiting request. Bounded by number of
 * entries and, for serialised replies, by bytes (oldest out first); and since a version only moves
 * forward, every entry is dropped once it moves (docs/adr/0049-memory.md): an idle process keeps no dead ones.
 */
export class ReadModelCache<T> {
  private readonly entries = new Map<string, { version: number; value: T; bytes: number; until: number }>();
  private readonly loading = new Map<string, { version: number; promise: Promise<T> }>();
  private bytes = 0;

  constructor(
    private readonly feed: Versioned | ChangeSignal,
    private readonly maxEntries = 2000,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {
    if ('onChange' in feed) feed.onChange(() => this.clear());
  }

  /** Drops every stored entry (loads under way finish for their callers). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  /**
   * `until`, for a result that goes stale without a write (a suspension that lapses): the time (ms since the epoch)
   * after which it is loaded again even though no read model changed.
   */
  async get(key: string, load: () => Promise<T>, until?: (value: T) => number): Promise<T> {
    const version = this.feed.version;
    if (version === null) return load();
    const entry = this.entries.get(key);
    if (entry?.version === version && Date.now() < entry.until) return entry.value;
    const pending = this.loading.get(key);
    if (pending?.version === version) return pending.promise;
    const promise = load();
    this.loading.set(key, { version, promise });
    try {
      const value = await promise;
      // Kept only under the version seen before loading, and only while it is current: a change during the
      // load makes it stale at once.
      this.remove(key);
      const bytes = bytesOf(value);
      if (this.feed.version !== version || this.maxEntries === 0 || bytes > this.maxBytes) return value;
      while (this.entries.size > 0 && (this.entries.size >= this.maxEntries || this.bytes + bytes > this.maxBytes)) {
        const oldest = this.entries.keys().next();
        if (oldest.done) break;
        this.remove(oldest.value);
      }
      this.entries.set(key, { version, value, bytes, until: until?.(value) ?? Number.POSITIVE_INFINITY });
      this.bytes += bytes;
      return value;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
  }

  /** Entries and bytes held (tests, the memory figures). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
