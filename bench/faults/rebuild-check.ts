/**
 * Read models equal to a rebuild from zero: with every service process stopped, each service's tables are
 * digested, every asynchronous projection of every service is replayed from position zero (as `projections
 * rebuild` does, through the same `openProjections`), and the tables are digested again.
 */
import { type AgoraConfig, busSettingsOf, createEventBus } from '@agora/platform';
import pg from 'pg';
import type { Logger } from 'pino';
import { openProjections } from '../../launcher/src/projection-runner';
import { ALL_SERVICES } from '../../launcher/src/services';
import {
  differingTables,
  isBookkeeping,
  NOT_READ_MODELS,
  pairRows,
  type SchemaDigest,
  SUMMED_TABLES,
  type TableDigest,
} from './digests';

const CATCH_UP_MS = 10 * 60_000;

/** A table's columns but the bookkeeping ones, as a select list. */
async function columnsOf(client: pg.Client, schema: string, table: string): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = $1 and table_name = $2 order by ordinal_position`,
    [schema, table],
  );
  return rows
    .filter((r) => !isBookkeeping(table, r.name))
    .map((r) => client.escapeIdentifier(r.name))
    .join(', ');
}

/** Each table of the schema (but the bookkeeping ones): its rows, and an md5 of them in a stable order. */
export async function digestSchema(url: string, schema: string): Promise<SchemaDigest> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = $1 and table_type = 'BASE TABLE' and table_name not like 'kysely_%' order by 1`,
      [schema],
    );
    const digest: SchemaDigest = {};
    for (const { name } of tables) {
      if (NOT_READ_MODELS.has(name)) continue;
      const table = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
      const summed = SUMMED_TABLES[name]?.replace('%TABLE%', table);
      const read = summed ?? `select ${await columnsOf(client, schema, name)} from ${table}`;
      const { rows } = await client.query<{ rows: number; digest: string | null }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
           from (${read}) t`,
      );
      digest[name] = { rows: rows[0]?.rows ?? 0, digest: rows[0]?.digest ?? '' };
    }
    return digest;
  } finally {
    await client.end();
  }
}

/** The schema a service's live tables are copied to before the rebuild, to show what differs afterwards. */
const LIVE_COPY = 'faults_live_copy';

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Copies the tables of the schema that the digest covers, as they are now. */
async function copyLive(url: string, schema: string, tables: string[]): Promise<void> {
  await withClient(url, async (client) => {
    await client.query(`drop schema if exists ${LIVE_COPY} cascade`);
    await client.query(`create schema ${LIVE_COPY}`);
    for (const name of tables) {
      await client.query(
        `create table ${LIVE_COPY}.${client.escapeIdentifier(name)} as table ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`,
      );
    }
  });
}

/** Rows of the live copy and of the rebuilt table that the other lacks, paired by their first column. */
const ROWS_COMPARED = 500;

async function rowDifferences(url: string, schema: string, tables: string[]) {
  return withClient(url, async (client) => {
    const differences: Record<string, ReturnType<typeof pairRows>> = {};
    for (const name of tables) {
      const live = `${LIVE_COPY}.${client.escapeIdentifier(name)}`;
      const now = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
      const columns = await columnsOf(client, schema, name);
      const side = async (a: string, b: string) => {
        const { rows } = await client.query<{ row: Record<string, unknown> }>(
          `select row_to_json(d) as row from (select ${columns} from ${a} except all select ${columns} from ${b}) d limit ${ROWS_COMPARED}`,
        );
        return rows.map((r) => r.row);
      };
      differences[name] = pairRows(await side(live, now), await side(now, live));
    }
    await client.query(`drop schema ${LIVE_COPY} cascade`);
    return differences;
  });
}
export interface RebuildOutcome {
  /** Per service: its projections and the tables that differ after their rebuild (none when equal). */
  services: Record<
    string,
    { projections: string[]; tables: number; differing: string[]; rows: Awaited<ReturnType<typeof rowDifferences>> }
  >;
  equal: boolean;
  seconds: number;
}

/** Rebuilds every service's projections on its own database and compares. Every service process must be stopped. */
export async function rebuildAndCompare(
  config: AgoraConfig,
  databaseUrlOf: (service: string) => string,
  log: Logger,
): Promise<RebuildOutcome> {
  const started = Date.now();
  const services: RebuildOutcome['services'] = {};
  for (const module of ALL_SERVICES) {
    const url = databaseUrlOf(module.name);
    const live = await digestSchema(url, module.name);
    await copyLive(url, module.name, Object.keys(live));
    const bus = await createEventBus({ ...busSettingsOf(config), databaseUrl: url, log });
    try {
      const { runner, close } = await openProjections(module, { config, databaseUrl: url, bus, log });
      try {
        for (const name of runner.names) await runner.rebuild(name);
        await runner.start();
        await runner.waitForCatchUp(CATCH_UP_MS);
        await runner.stop();
        const rebuilt = await digestSchema(url, module.name);
        const differing = Object.keys(live).filter(
          (name) =>
            differingTables({ [name]: live[name] as TableDigest }, { [name]: rebuilt[name] ?? { rows: 0, digest: '' } })
              .length > 0,
        );
        services[module.name] = {
          projections: [...runner.names],
          tables: Object.keys(live).length,
          differing: differingTables(live, rebuilt),
          rows: await rowDifferences(url, module.name, differing),
        };
      } finally {
        await close();
      }
    } finally {
      await bus.close();
    }
  }
  return {
    services,
    equal: Object.values(services).every((s) => s.differing.length === 0),
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
