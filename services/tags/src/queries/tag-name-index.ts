import type { Db, Versioned } from '@agora/platform';
import { sql } from 'kysely';

/** What suggestions and filtered tag pages need of a tag, kept in memory. */
export interface IndexedTag {
  id: string;
  slug: string;
  display: string;
  /** The display name lower-cased, as the SQL filters compare it. */
  lower: string;
  count: number;
  created: number;
  status: number;
  main: string | null;
}

interface ChangedRow {
  generation: number;
  pending: boolean;
  id: string | null;
  slug_name: string;
  display_name: string;
  lower_name: string;
  question_count: number;
  created_at: Date;
  status: number;
  main_tag_id: string | null;
  tx: string;
  seq: string;
}

const BATCH = 5000;

/**
 * Every tag's name, status and counts in memory, brought up to date from the rows changed since the
 * last look (stamped by a trigger with their transaction and a sequence number, read in the gap-safe
 * order of the event log) whenever the tags read model's version moves. A name match over 50,000 tags
 * then costs no query. Exact or nothing: `null` while changes cannot be heard or while a changed row
 * still waits behind an older running transaction, and callers ask PostgreSQL instead.
 */
export class TagNameIndex {
  private readonly tags = new Map<string, IndexedTag>();
  private after = { tx: '0', seq: '0' };
  private generation: number | null = null;
  private completeFor: number | null = null;
  private refreshing: { version: number; done: Promise<void> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly feed: Versioned,
  ) {}

  async current(): Promise<ReadonlyMap<string, IndexedTag> | null> {
    const version = this.feed.version;
    if (version === null) return null;
    if (this.completeFor === version) return this.tags;
    if (this.refreshing?.version !== version) {
      // One refresh at a time; a newer version starts after the one in flight.
      const done = (this.refreshing?.done ?? Promise.resolve()).catch(() => {}).then(() => this.refresh(version));
      this.refreshing = { version, done };
      void done
        .finally(() => {
          if (this.refreshing?.done === done) this.refreshing = null;
        })
        .catch(() => {});
    }
    await this.refreshing.done;
    return this.completeFor === version ? this.tags : null;
  }

  private async refresh(version: number): Promise<void> {
    for (;;) {
      const { rows } = await sql<ChangedRow>`
        select l.generation,
               exists (select 1 from tags where changed_tx >= pg_snapshot_xmin(pg_current_snapshot())) as pending,
               c.*
        from tag_listing l
        left join lateral (
          select id, slug_name, display_name, lower(display_name) as lower_name, question_count, created_at, status,
                 main_tag_id, changed_tx::text as tx, changed_seq::text as seq
          from tags
          where (changed_tx, changed_seq) > (${this.after.tx}::xid8, ${this.after.seq}::bigint)
            and changed_tx < pg_snapshot_xmin(pg_current_snapshot())
          order by changed_tx, changed_seq
          limit ${BATCH}
        ) c on true`.execute(this.db);
      const head = rows[0];
      if (!head) return;
      if (head.generation !== this.generation) {
        // The table was emptied and refilled by a rebuild: start over.
        const restart = this.generation !== null;
        this.tags.clear();
        this.after = { tx: '0', seq: '0' };
        this.generation = head.generation;
        if (restart) continue;
      }
      for (const row of rows) {
        if (row.id === null) continue;
        this.tags.set(row.id, {
          id: row.id,
          slug: row.slug_name,
          display: row.display_name,
          lower: row.lower_name,
          count: row.question_count,
          created: row.created_at.getTime(),
          status: row.status,
          main: row.main_tag_id,
        });
        this.after = { tx: row.tx, seq: row.seq };
      }
      if (rows.length === BATCH) continue;
      if (!head.pending) this.completeFor = version;
      return;
    }
  }
}
