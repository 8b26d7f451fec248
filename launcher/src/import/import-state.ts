import { randomUUID } from 'node:crypto';
import type { ImportKind, ImportTally } from '@agora/contracts/import/records';
import pg from 'pg';

/** What the import keeps of one run: how far each kind got and what became of its records, per service. */
export interface ImportRunState {
  id: string;
  source: string;
  startedAt: Date;
  finishedAt: Date | null;
  /** Records of each kind read and written: a resumed run skips as many. */
  done: Partial<Record<ImportKind, number>>;
  /** Per kind, per service. */
  tallies: Partial<Record<ImportKind, Record<string, ImportTally>>>;
}

/**
 * The import's checkpoints (docs/adr/0094-importing-a-community.md), in a schema of the import's own beside the
 * services' schemas: one row per run. A run not finished makes `npm start` show the maintenance page until it is.
 */
export class ImportState {
  private constructor(private readonly pool: pg.Pool) {}

  static async open(databaseUrl: string): Promise<ImportState> {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    // An idle connection the server drops (a stop, a restart) is replaced on the next query; unheard, it ends the process.
    pool.on('error', () => {});
    await pool.query(`
      create schema if not exists agora_import;
      create table if not exists agora_import.runs (
        id uuid primary key,
        source text not null,
        started_at timestamptz not null default now(),
        finished_at timestamptz,
        done jsonb not null default '{}',
        tallies jsonb not null default '{}'
      );
      create unique index if not exists runs_one_unfinished on agora_import.runs ((finished_at is null))
        where finished_at is null;`);
    return new ImportState(pool);
  }

  /** The run that has not finished, if any. */
  async unfinished(): Promise<ImportRunState | null> {
    const { rows } = await this.pool.query(`select * from agora_import.runs where finished_at is null`);
    return rows[0] ? toState(rows[0]) : null;
  }

  async begin(source: string): Promise<ImportRunState> {
    const id = randomUUID();
    const { rows } = await this.pool.query(`insert into agora_import.runs (id, source) values ($1, $2) returning *`, [
      id,
      source,
    ]);
    return toState(rows[0]);
  }

  /** Keeps how far a kind got, after its batch was written. */
  async checkpoint(run: ImportRunState): Promise<void> {
    await this.pool.query(`update agora_import.runs set done = $2, tallies = $3 where id = $1`, [
      run.id,
      JSON.stringify(run.done),
      JSON.stringify(run.tallies),
    ]);
  }

  async finish(run: ImportRunState): Promise<void> {
    await this.pool.query(`update agora_import.runs set finished_at = now(), done = $2, tallies = $3 where id = $1`, [
      run.id,
      JSON.stringify(run.done),
      JSON.stringify(run.tallies),
    ]);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** Whether an import has begun and not finished on this database (no import ever: false). */
export async function importUnfinished(databaseUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client
      .query<{ source: string }>(
        `select source from agora_import.runs where finished_at is null and to_regclass('agora_import.runs') is not null`,
      )
      .catch((error: { code?: string }) => {
        // No import schema: no import ever ran here.
        if (error.code === '42P01' || error.code === '3F000') return { rows: [] };
        throw error;
      });
    return rows[0]?.source ?? null;
  } finally {
    await client.end();
  }
}

function toState(row: Record<string, unknown>): ImportRunState {
  return {
    id: String(row.id),
    source: String(row.source),
    startedAt: row.started_at as Date,
    finishedAt: (row.finished_at as Date | null) ?? null,
    done: (row.done ?? {}) as ImportRunState['done'],
    tallies: (row.tallies ?? {}) as ImportRunState['tallies'],
  };
}
