import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { ImportInputError } from '../source';
import { type ColumnType, DUMP_FILES, type DumpFile } from './dump-files';
import { SYNTHETIC_TAG_OFFSET } from './ids';
import { readDumpRows } from './xml-rows';

/**
 * A dump's files in UNLOGGED tables of a schema this reader owns (docs/adr/0094-importing-a-community.md): the
 * joins a record needs (a post's history, its accepted answer, whether a member exists) are made by PostgreSQL, not
 * held in memory. A marker keeps each file's size and time of change, so that opening the same dump again (a resumed
 * import) skips the staging.
 */

const SQL_TYPES: Record<ColumnType, string> = {
  bigint: 'bigint',
  integer: 'integer',
  text: 'text',
  time: 'text',
  tags: 'text',
  boolean: 'boolean',
};

interface FileState {
  file: string;
  size: number;
  mtime_ms: number;
}

/** What is there of each file: its size and time of change, or null when an optional file is absent. */
async function filesOf(folder: string): Promise<Map<string, FileState | null>> {
  const states = new Map<string, FileState | null>();
  for (const file of DUMP_FILES) {
    const info = await stat(join(folder, file.name)).catch(() => null);
    if (!info?.isFile()) {
      if (file.required) throw new ImportInputError(file.name, null, `missing from ${folder}: a dump needs it`);
      states.set(file.name, null);
    } else states.set(file.name, { file: file.name, size: info.size, mtime_ms: Math.floor(info.mtimeMs) });
  }
  return states;
}

async function stagedAlready(db: pg.Pool, schema: string, files: Map<string, FileState | null>): Promise<boolean> {
  const exists = await db.query(`select 1 from information_schema.tables where table_schema = $1 and table_name = $2`, [
    schema,
    'marker',
  ]);
  if (!exists.rowCount) return false;
  const { rows } = await db.query<FileState & { complete: boolean }>(
    `select file, size::float8 as size, mtime_ms::float8 as mtime_ms, complete from ${schema}.marker`,
  );
  if (!rows.every((row) => row.complete) || rows.length !== files.size) return false;
  return rows.every((row) => {
    const now = files.get(row.file);
    return now === undefined
      ? false
      : now === null
        ? row.size < 0
        : now.size === row.size && now.mtime_ms === row.mtime_ms;
  });
}

/** Stages the dump in `folder` into `schema` unless the same files are staged there already; true when it staged. */
export async function stageDump(
  db: pg.Pool,
  schema: string,
  folder: string,
  batchRows: number,
  progress?: (file: string, rows: number) => void,
): Promise<boolean> {
  const files = await filesOf(folder);
  if (await stagedAlready(db, schema, files)) return false;
  await db.query(`drop schema if exists ${schema} cascade`);
  await db.query(`create schema ${schema}`);
  await db.query(
    `create unlogged table ${schema}.marker (file text primary key, size bigint, mtime_ms bigint, rows bigint, complete boolean)`,
  );
  for (const file of DUMP_FILES) {
    const columns = file.columns.map((column) => `${column.column} ${SQL_TYPES[column.type]}`).join(', ');
    await db.query(`create unlogged table ${schema}.${file.table} (${columns})`);
  }
  for (const file of DUMP_FILES) {
    const state = files.get(file.name);
    const rows = state ? await loadFile(db, schema, join(folder, file.name), file, batchRows, progress) : 0;
    await db.query(`insert into ${schema}.marker values ($1, $2, $3, $4, false)`, [
      file.name,
      state?.size ?? -1,
      state?.mtime_ms ?? -1,
      rows,
    ]);
  }
  await finishStaging(db, schema);
  await db.query(`update ${schema}.marker set complete = true`);
  return true;
}

async function loadFile(
  db: pg.Pool,
  schema: string,
  path: string,
  file: DumpFile,
  batchRows: number,
  progress?: (file: string, rows: number) => void,
): Promise<number> {
  const names = file.columns.map((column) => column.column).join(', ');
  const arrays = file.columns.map((column, index) => `$${index + 1}::${SQL_TYPES[column.type]}[]`).join(', ');
  const insert = `insert into ${schema}.${file.table} (${names}) select * from unnest(${arrays})`;
  let rows = 0;
  let inFlight: Promise<unknown> | undefined;
  // While one batch is written, the next is parsed.
  for await (const batch of readDumpRows(path, file, batchRows)) {
    await inFlight;
    inFlight = db.query(insert, batch.columns);
    rows += batch.size;
    progress?.(file.name, rows);
  }
  await inFlight;
  return rows;
}

/** Keys, the derived columns every record query shares, duplicates named only in the history, and tags only posts name. */
async function finishStaging(db: pg.Pool, schema: string): Promise<void> {
  for (const file of DUMP_FILES) {
    try {
      await db.query(`alter table ${schema}.${file.table} add primary key (id)`);
    } catch (error) {
      const detail = (error as { detail?: string }).detail ?? String(error);
      throw new ImportInputError(file.name, null, `two rows have the same Id (${detail})`);
    }
  }
  const s = schema;
  await db.query(`alter table ${s}.posts add column question_id bigint, add column importable boolean,
    add column owner_known boolean`);
  await db.query(`alter table ${s}.tags add column synthetic boolean not null default false`);
  await db.query(`create index on ${s}.posts (parent_id)`);
  await db.query(`update ${s}.posts p set
      question_id = case p.post_type when 1 then p.id when 2 then p.parent_id end,
      importable = p.post_type = 1
        or (p.post_type = 2 and exists (select 1 from ${s}.posts q where q.id = p.parent_id and q.post_type = 1)),
      owner_known = p.owner_user_id >= 1 and exists (select 1 from ${s}.users u where u.id = p.owner_user_id)`);
  await db.query(`create index on ${s}.posts (post_type, id)`);
  await db.query(`create index on ${s}.post_history (post_id, created_at, id)`);
  await db.query(`create index on ${s}.votes (post_id) where vote_type = 1`);
  await db.query(`create index on ${s}.post_links (post_id) where link_type = 3`);
  await db.query(`create index on ${s}.tags (name)`);
  // A duplicate closure names its original in the history (`OriginalQuestionIds`); a link comes of it even when
  // PostLinks.xml has none (negative ids: they sort before the file's own rows and never meet them).
  await db.query(`insert into ${s}.post_links (id, created_at, post_id, related_post_id, link_type)
    select -h.id, h.created_at, h.post_id, h.original, 3
    from (select id, created_at, post_id,
            substring(text from '"OriginalQuestionIds"\\s*:\\s*\\[\\s*(\\d{1,18})')::bigint as original
          from ${s}.post_history where history_type = 10 and comment in ('1', '101')) h
    where h.original is not null
      and not exists (select 1 from ${s}.post_links l where l.post_id = h.post_id and l.related_post_id = h.original)`);
  await db.query(`create table ${s}.tag_first as
    select name, min(p.created_at) as first_at
    from ${s}.posts p, unnest(string_to_array(p.tags, '|')) as name where p.post_type = 1 group by name`);
  await db.query(`create unique index on ${s}.tag_first (name)`);
  await db.query(`insert into ${s}.tags (id, name, synthetic)
    select ${SYNTHETIC_TAG_OFFSET} + row_number() over (order by f.name), f.name, true
    from ${s}.tag_first f where not exists (select 1 from ${s}.tags t where t.name = f.name)`);
  for (const file of DUMP_FILES) await db.query(`analyze ${s}.${file.table}`);
}
