import type { ImportKind, ImportRecord } from '@agora/contracts/import/records';
import pg from 'pg';
import type { ImportSource } from '../source';
import { badgeAwardRecords, bookmarkRecords, commentRecords, linkRecords, voteRecords } from './activity-records';
import { memberRecords } from './member-records';
import { answerRecords, questionRecords } from './post-records';
import { countSkips, type SkipTally } from './skips';
import { stageDump } from './staging';
import { tagRecords } from './tag-records';

export interface StackExchangeSourceOptions {
  /** Where the staging tables go: a pool (left open at `close`) or a connection URL (a pool of the source's own). */
  database: pg.Pool | string;
  /** The schema the staging tables are created in and dropped with (`import_stage_se`). */
  schema?: string;
  /** Rows per staging insert (5000). */
  batchRows?: number;
  /** Records read per page (500). */
  pageSize?: number;
  /** Called as each file is staged, with the rows so far. */
  onStaging?: (file: string, rows: number) => void;
}

export interface StackExchangeSource extends ImportSource {
  /** Whether the last `open` staged the files (false: the same files were staged already). */
  readonly staged: boolean;
  /** What the dump holds that no record carries, per kind and reason. */
  skipped(): Promise<SkipTally>;
  /** Drops the staging schema (after the import is done: a resumed import reads it again). */
  dropStaging(): Promise<void>;
}

type Reader = (db: pg.Pool, schema: string, pageSize: number) => AsyncIterable<ImportRecord>;

const READERS: Partial<Record<ImportKind, Reader>> = {
  member: memberRecords,
  tag: tagRecords,
  question: questionRecords,
  answer: answerRecords,
  comment: commentRecords,
  link: linkRecords,
  vote: voteRecords,
  bookmark: bookmarkRecords,
  badge_award: badgeAwardRecords,
};

/** How many records of a kind the staging tables hold (the readers' own conditions, counted). */
const COUNTS: Partial<Record<ImportKind, (s: string) => string>> = {
  member: (s) => `select count(*) + 1 as n from ${s}.users where id >= 1`,
  tag: (s) => `select count(*) as n from ${s}.tags`,
  question: (s) => `select count(*) as n from ${s}.posts where post_type = 1`,
  answer: (s) => `select count(*) as n from ${s}.posts where post_type = 2 and importable`,
  comment: (s) => `select count(*) as n from ${s}.comments`,
  link: (s) => `select count(*) as n from ${s}.post_links`,
  vote: (s) => `select count(*) as n from ${s}.votes where vote_type in (2, 3)`,
  bookmark: (s) => `select count(*) as n from ${s}.votes where vote_type = 5`,
  badge_award: (s) => `select count(*) as n from ${s}.badges`,
};

/**
 * A Stack Exchange data dump folder as an import source (docs/adr/0094-importing-a-community.md): `open` streams its
 * XML files into staging tables, `records` reads each kind back in id order, a page at a time.
 */
export function createStackExchangeSource(folder: string, options: StackExchangeSourceOptions): StackExchangeSource {
  const schema = options.schema ?? 'import_stage_se';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`not a schema name: ${schema}`);
  const ownPool = typeof options.database === 'string';
  const db =
    typeof options.database === 'string'
      ? // An idle connection the server drops is replaced on the next query; unheard, it would end the process.
        new pg.Pool({ connectionString: options.database, max: 2 }).on('error', () => {})
      : options.database;
  const pageSize = options.pageSize ?? 500;
  const estimates = new Map<ImportKind, number>();
  let staged = false;

  return {
    description: `Stack Exchange data dump at ${folder}`,
    legacyIds: 'stackexchange',
    get staged() {
      return staged;
    },
    async open() {
      staged = await stageDump(db, schema, folder, options.batchRows ?? 5000, options.onStaging);
      estimates.clear();
    },
    async estimate(kind) {
      const sql = COUNTS[kind];
      if (!sql) return 0;
      let n = estimates.get(kind);
      if (n === undefined) {
        n = Number((await db.query<{ n: string }>(sql(schema))).rows[0]?.n ?? 0);
        estimates.set(kind, n);
      }
      return n;
    },
    records(kind) {
      const reader = READERS[kind];
      return reader ? reader(db, schema, pageSize) : emptyRecords();
    },
    skipped: () => countSkips(db, schema),
    async dropStaging() {
      await db.query(`drop schema if exists ${schema} cascade`);
    },
    async close() {
      if (ownPool) await db.end();
    },
  };
}

async function* emptyRecords(): AsyncGenerator<ImportRecord> {}
