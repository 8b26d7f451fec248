import type { Db, Versioned } from '@agora/platform';
import { sql } from 'kysely';

/** What suggestions and filtered tag pages need of a tag, kept in memory. */
export interface IndexedTag {
  id: string;
  slug: string;
  display: string;
  /** The display name lower-cased, as the SQL filters compare it. */
  lower: string;
  /** Slug and lower-cased name in one string, apart by NUL, which PostgreSQL text never holds. */
  haystack: string;
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
 * Past this many added or renamed tags in one refresh (an import, or a first read after many creations),
 * sorting everything once is cheaper than moving each tag into place (each move shifts the lists).
 */
const MOVES_BEFORE_RESORT = 256;

/** The current tag names, and fast searches over them. */
export interface TagNames {
  readonly tags: ReadonlyMap<string, IndexedTag>;
  withPrefix(text: string): IndexedTag[];
  containing(text: string): IndexedTag[];
}

/**
 * Every tag's name, status and counts in memory, brought up to date from the rows changed since the
 * last look (stamped by a trigger with their transaction and a sequence number, read in the gap-safe
 * order of the event log) whenever the tags read model's version moves. A name match over 50,000 tags
 * then costs no query. Exact or nothing: `null` while changes cannot be heard or while a changed row
 * still waits behind an older running transaction, and callers ask PostgreSQL instead.
 */
export class TagNameIndex implements TagNames {
  readonly tags = new Map<string, IndexedTag>();
  private after = { tx: '0', seq: '0' };
  private generation: number | null = null;
  private completeFor: number | null = null;
  private refreshing: { version: number; done: Promise<void> } | null = null;
  /** The tags by slug and by lower-cased display name, for prefix searches; null until needed again. */
  private sorted: { bySlug: IndexedTag[]; byName: IndexedTag[] } | null = null;

  constructor(
    private readonly db: Db,
    private readonly feed: Versioned,
  ) {}

  async current(): Promise<TagNames | null> {
    const version = this.feed.version;
    if (version === null) return null;
    if (this.completeFor === version) return this;
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
    return this.completeFor === version ? this : null;
  }

  /** Tags whose slug or lower-cased display name starts with `text` (of the current map), each once. */
  withPrefix(text: string): IndexedTag[] {
    const sorted = this.sortedLists();
    const found = new Map<string, IndexedTag>();
    for (const [list, key] of [
      [sorted.bySlug, 'slug'],
      [sorted.byName, 'lower'],
    ] as const) {
      let i = firstAtLeast(list, key, text);
      for (let tag = list[i]; tag?.[key].startsWith(text); tag = list[++i]) found.set(tag.id, tag);
    }
    return [...found.values()];
  }

  /** Tags whose slug or lower-cased display name contains `text`: one pass over one string per tag. */
  containing(text: string): IndexedTag[] {
    const found: IndexedTag[] = [];
    for (const tag of this.tags.values()) if (tag.haystack.includes(text)) found.push(tag);
    return found;
  }

  private sortedLists() {
    if (!this.sorted) {
      const all = [...this.tags.values()];
      this.sorted = {
        bySlug: [...all].sort((a, b) => compare(a.slug, b.slug)),
        byName: all.sort((a, b) => compare(a.lower, b.lower)),
      };
    }
    return this.sorted;
  }

  /** Keeps the sorted lists sorted when one tag is added or renamed: one entry moves, nothing is re-sorted. */
  private moveInLists(tag: IndexedTag, before: { slug: string; lower: string } | null) {
    if (!this.sorted) return;
    for (const [list, key] of [
      [this.sorted.bySlug, 'slug'],
      [this.sorted.byName, 'lower'],
    ] as const) {
      if (before) {
        // The tag already carries its new name, so the search may stumble on it: then look it up.
        let at = firstAtLeast(list, key, before[key]);
        while (at < list.length && list[at] !== tag && list[at]?.[key] === before[key]) at++;
        if (list[at] !== tag) at = list.indexOf(tag);
        if (at >= 0) list.splice(at, 1);
      }
      let at = firstAtLeast(list, key, tag[key]);
      // Lists sorted by a reader during this refresh may already hold a new tag.
      while (at < list.length && list[at] !== tag && list[at]?.[key] === tag[key]) at++;
      if (list[at] !== tag) list.splice(at, 0, tag);
    }
  }

  private async refresh(version: number): Promise<void> {
    let moves = 0;
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
        this.sorted = null;
        this.after = { tx: '0', seq: '0' };
        this.generation = head.generation;
        if (restart) continue;
      }
      for (const row of rows) {
        if (row.id === null) continue;
        const known = this.tags.get(row.id);
        const renamed = !known || known.slug !== row.slug_name || known.lower !== row.lower_name;
        const before = known ? { slug: known.slug, lower: known.lower } : null;
        // Updated in place: the sorted lists hold the same objects, so a new count needs no re-sort.
        const fields: IndexedTag = {
          id: row.id,
          slug: row.slug_name,
          display: row.display_name,
          lower: row.lower_name,
          haystack: `${row.slug_name}\u0000${row.lower_name}`,
          count: row.question_count,
          created: row.created_at.getTime(),
          status: row.status,
          main: row.main_tag_id,
        };
        const tag = known ? Object.assign(known, fields) : fields;
        if (!known) this.tags.set(row.id, tag);
        if (renamed && ++moves > MOVES_BEFORE_RESORT) this.sorted = null;
        else if (renamed) this.moveInLists(tag, before);
        this.after = { tx: row.tx, seq: row.seq };
      }
      if (rows.length === BATCH) continue;
      // Sorted once, after the first load (at start), and kept sorted from then on.
      this.sortedLists();
      if (!head.pending) this.completeFor = version;
      return;
    }
  }
}

function compare(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first position in a list sorted by `key` whose value is not below `value`. */
function firstAtLeast(list: IndexedTag[], key: 'slug' | 'lower', value: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const tag = list[middle];
    if (tag && tag[key] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
