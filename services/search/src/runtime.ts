import type { ServiceContext } from '@agora/platform';
import { IndexFeeder } from './indexing/feeder';
import { createSearchIndex } from './search-index/create-index';
import type { SearchIndex } from './search-index/port';

/** The search service's parts for one running instance: its index adapter (prepared once) and its feeder. */
export class SearchRuntime {
  private indexReady: Promise<SearchIndex> | null = null;
  private feeder: IndexFeeder | null = null;

  constructor(readonly context: ServiceContext) {}

  get db() {
    return this.context.database.db;
  }

  /** The configured adapter, prepared; a failed attempt (OpenSearch unreachable) is tried again next time. */
  index(): Promise<SearchIndex> {
    this.indexReady ??= (async () => {
      const index = await createSearchIndex(this.context.config, this.db);
      await index.prepare();
      return index;
    })().catch((error) => {
      this.indexReady = null;
      throw error;
    });
    return this.indexReady;
  }

  startFeeder(): IndexFeeder {
    this.feeder ??= new IndexFeeder({
      db: this.db,
      index: () => this.index(),
      log: this.context.log.child({ component: 'search-feeder' }),
      changes: this.context.changes,
    });
    this.feeder.start();
    return this.feeder;
  }

  /** The running feeder (tests and benchmarks drain it to make every change searchable at once). */
  get runningFeeder(): IndexFeeder | null {
    return this.feeder;
  }

  async stop(): Promise<void> {
    await this.feeder?.stop();
    this.feeder = null;
    const index = await this.indexReady?.catch(() => null);
    this.indexReady = null;
    await index?.close();
  }
}
