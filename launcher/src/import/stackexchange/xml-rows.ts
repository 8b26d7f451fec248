import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';
import { ImportInputError } from '../source';
import type { DumpColumn, DumpFile } from './dump-files';

/** One batch of rows, column by column (what `unnest` takes), in the order of the file's columns. */
export interface RowBatch {
  columns: unknown[][];
  size: number;
}

/**
 * The `<row … />` elements of one dump file, streamed (docs/adr/0094-importing-a-community.md: memory stays bounded
 * whatever the dump's size): at most one read chunk's rows beyond `batchSize` are held at a time. Broken XML, a file
 * cut short, another root element or a required attribute missing stop with `ImportInputError` naming the file and
 * the row (its place among the file's rows, counted from 1).
 */
export async function* readDumpRows(path: string, file: DumpFile, batchSize: number): AsyncGenerator<RowBatch> {
  const parser = new SaxesParser({ position: true });
  let rowNumber = 0;
  let depth = 0;
  let sawRoot = false;
  let failure: ImportInputError | undefined;
  let batch = emptyBatch(file);
  const ready: RowBatch[] = [];
  const fail = (problem: string, row: number | null = rowNumber + 1) => {
    failure ??= new ImportInputError(file.name, row, `${problem} (line ${parser.line}, column ${parser.column})`);
  };

  parser.on('error', (error) => fail(`not well-formed XML: ${error.message.replace(/^.*?:\d+:\d+: /, '')}`));
  parser.on('opentag', (tag) => {
    depth++;
    if (depth === 1) {
      sawRoot = true;
      if (tag.name.toLowerCase() !== file.root) fail(`the root element is <${tag.name}>, not <${file.root}>`, null);
      return;
    }
    if (depth !== 2 || tag.name !== 'row') {
      fail(`unexpected element <${tag.name}>`);
      return;
    }
    rowNumber++;
    const attributes = tag.attributes as Record<string, string>;
    file.columns.forEach((column, index) => {
      const raw = attributes[column.attribute];
      const value = raw === undefined || raw === '' ? null : convert(raw, column);
      if (value === undefined) fail(`${column.attribute}="${raw}" is not a valid ${column.type}`, rowNumber);
      else if (value === null && column.required)
        fail(`the required attribute ${column.attribute} is missing`, rowNumber);
      batch.columns[index]?.push(value ?? null);
    });
    batch.size++;
    if (batch.size >= batchSize) {
      ready.push(batch);
      batch = emptyBatch(file);
    }
  });
  parser.on('closetag', () => {
    depth--;
  });

  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  let first = true;
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      parser.write(first ? chunk.replace(/^\uFEFF/, '') : chunk);
      first = false;
      if (failure) throw failure;
      while (ready.length) yield ready.shift() as RowBatch;
    }
  } finally {
    stream.destroy();
  }
  if (!sawRoot) fail(`the file has no <${file.root}> element (empty or cut short)`, null);
  else if (depth > 0) fail(`the file ends before </${file.root}>: it is cut short`);
  if (!failure) parser.close();
  if (failure) throw failure;
  if (batch.size) yield batch;
}

function emptyBatch(file: DumpFile): RowBatch {
  return { columns: file.columns.map(() => []), size: 0 };
}

const INTEGER = /^-?\d{1,18}$/;
const TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A dump value as its staging column keeps it; undefined when it is not a value of that type. */
function convert(raw: string, column: DumpColumn): unknown {
  switch (column.type) {
    case 'bigint':
      return INTEGER.test(raw) ? raw : undefined;
    case 'integer': {
      const value = Number(raw);
      return INTEGER.test(raw) && Math.abs(value) < 2 ** 31 ? value : undefined;
    }
    case 'time':
      return isoTime(raw);
    case 'boolean':
      return /^(true|1)$/i.test(raw) ? true : /^(false|0)$/i.test(raw) ? false : undefined;
    case 'tags':
      return splitTags(raw).join('|') || null;
    case 'text':
      return raw;
  }
}

/** A dump's time (`2008-07-31T21:42:52.667`, UTC without a zone) as ISO 8601 in UTC. */
export function isoTime(raw: string): string | undefined {
  if (!TIME.test(raw)) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(raw) || !raw.includes('T') ? raw : `${raw}Z`;
  const time = new Date(raw.includes('T') ? zoned : `${raw}T00:00:00Z`);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** A post's tags in either of the dumps' spellings, `<a><b>` (older) or `|a|b|` (newer). */
export function splitTags(raw: string): string[] {
  const spelled = raw.startsWith('<') ? raw.slice(1, -1).split('><') : raw.split('|');
  return spelled.map((tag) => tag.trim()).filter(Boolean);
}
