/** One table's rows out of and into PostgreSQL in its COPY text format, gzipped in between (pg-copy-streams). */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/**
 * zlib's level 1: the log's JSON still shrinks about fivefold, at several times the speed of the default level,
 * which would make gzip the backup's bottleneck on two cores (bench/results/backup.json).
 */
const GZIP_LEVEL = 1;
const NEWLINE = 0x0a;

/** A table's columns in order, generated ones left out (COPY cannot write them), and any the caller leaves out. */
export async function columnsOf(client: pg.Client, schema: string, table: string, leaveOut: string[] = []) {
  const { rows } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position`,
    [schema, table],
  );
  return rows.map((r) => r.name).filter((name) => !leaveOut.includes(name));
}

const target = (client: pg.Client, schema: string, table: string, columns: string[]) =>
  `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)} (${columns.map((c) => client.escapeIdentifier(c)).join(', ')})`;

/** Counts rows (COPY's text format ends each with a newline; newlines inside values are escaped). */
function rowCounter(onRows: (rows: number) => void): Transform & { rows: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let at = chunk.indexOf(NEWLINE);
      while (at !== -1) {
        counter.rows += 1;
        at = chunk.indexOf(NEWLINE, at + 1);
      }
      onRows(counter.rows);
      done(null, chunk);
    },
  }) as Transform & { rows: number };
  counter.rows = 0;
  return counter;
}

/** Hashes and measures what passes through. */
export function digester(): Transform & { sha256(): string; bytes: number } {
  const hash = createHash('sha256');
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      through.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { sha256(): string; bytes: number };
  through.bytes = 0;
  through.sha256 = () => hash.digest('hex');
  return through;
}

/** Writes the table's rows, as the client's transaction sees them, gzipped to `file`. */
export async function dumpTable(
  client: pg.Client,
  table: { schema: string; name: string; columns: string[] },
  file: string,
  onRows: (rows: number) => void,
): Promise<{ rows: number; bytes: number; sha256: string }> {
  const counter = rowCounter(onRows);
  const digest = digester();
  const copy = client.query(copyTo(`copy ${target(client, table.schema, table.name, table.columns)} to stdout`));
  await pipeline(
    copy,
    counter,
    createGzip({ level: GZIP_LEVEL }),
    digest,
    createWriteStream(file, { flags: 'wx', mode: 0o600 }),
  );
  return { rows: counter.rows, bytes: digest.bytes, sha256: digest.sha256() };
}

/** Loads gzipped COPY rows into the table; the rows loaded. */
export async function loadTable(
  client: pg.Client,
  table: { schema: string; name: string; columns: string[] },
  content: AsyncIterable<Buffer>,
  onRows: (rows: number) => void,
): Promise<number> {
  const counter = rowCounter(onRows);
  const copy = client.query(copyFrom(`copy ${target(client, table.schema, table.name, table.columns)} from stdin`));
  await pipeline(content, createGunzip(), counter, copy);
  return counter.rows;
}
