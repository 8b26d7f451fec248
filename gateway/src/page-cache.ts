import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language, Limits, resolveLanguage } from '@agora/contracts';
import {
  type PageRenderer,
  parsedRead,
  type RawRead,
  type RawReply,
  type ReadVersions,
  type RenderedPage,
} from './public-pages';
import type { ServiceName } from './routing-table';

/** How many rendered pages one gateway keeps, and their bytes at most (the least recently used goes first). */
export const PAGE_CACHE_ENTRIES = 2000;
export const PAGE_CACHE_BYTES = 64 * 2 ** 20;
/** The placeholder the pages are rendered with; each response puts its own CSP nonce there. */
export const PAGE_NONCE_PLACEHOLDER = '__CSP_NONCE__';
/**
 * Counts that move with every view rather than with the content: a kept page is not drawn again for them alone,
 * and shows them as of its render, at most `Limits.publicCache.maxAgeSeconds` old
 * (docs/adr/0071-public-page-caching.md).
 */
export const VIEW_TALLY_FIELDS = ['view_count', 'unique_view_count'] as const;
const VIEW_TALLIES = new RegExp(`"(${VIEW_TALLY_FIELDS.join('|')})":\\d+`, 'g');

/** One API read a page was drawn from: a digest of its status and bytes, its service and the version it carried. */
interface DrawnRead {
  digest: string;
  service: ServiceName | null;
  version: string | null;
}

interface Entry {
  bytes: number;
  /** Every API read the page was drawn from, by path. */
  reads: ReadonlyMap<string, DrawnRead>;
  /** The language its reads were made in (the site's). */
  language: Language;
  served: ServedPage;
  renderedAt: number;
}

/** A kept page's bytes as one response sends them: the kept pieces, with its nonce between them. */
export interface PageBody {
  chunks: readonly Buffer[];
  bytes: number;
}

/**
 * A kept render as it is sent: a page's bytes are kept split at the nonce placeholders, so each response sends
 * those pieces around its own nonce, without a replace over the page, encoding it again, or a copy of its bytes
 * (a copy per response is memory outside the heap that the collector is pressed to reclaim:
 * docs/adr/0071-public-page-caching.md).
 */
export type ServedPage = { etag: string } & (
  | { kind: 'page'; status: number; body(nonce: string): PageBody }
  | { kind: 'redirect'; location: string }
  | { kind: 'none' }
);

/** A weak entity tag of what is sent: hashed from the page's bytes as kept, not from the page as text again. */
function etagOf(rendered: RenderedPage, parts: readonly Buffer[]): string {
  const hash = createHash('sha1');
  if (rendered.kind !== 'page') hash.update(JSON.stringify(rendered));
  else {
    hash.update(`${rendered.status}\0`);
    for (const part of parts) hash.update(part).update('\0');
  }
  return `W/"${hash.digest('base64url')}"`;
}

function served(rendered: RenderedPage): { served: ServedPage; bytes: number } {
  if (rendered.kind !== 'page') return { served: { ...rendered, etag: etagOf(rendered, []) }, bytes: 256 };
  const parts = rendered.html.split(PAGE_NONCE_PLACEHOLDER).map((part) => Buffer.from(part, 'utf8'));
  const etag = etagOf(rendered, parts);
  const bytes = parts.reduce((sum, part) => sum + part.length, 0);
  const body = (nonce: string): PageBody => {
    const between = Buffer.from(nonce, 'utf8');
    return {
      chunks: parts.flatMap((part, index) => (index === 0 ? [part] : [between, part])),
      bytes: bytes + between.length * (parts.length - 1),
    };
  };
  return { served: { kind: 'page', status: rendered.status, etag, body }, bytes };
}

/** A request's way to the API as its visitor reads it: the reads in a language, and the services' versions. */
export interface PageReader {
  readIn(language: Language): RawRead;
  versions: ReadVersions;
}

/** Every view tally's name ends so; a read without it (all but a question's) is hashed as it came. */
const VIEW_TALLY_MARK = 'view_count"';

const digestOf = (read: RawReply) => {
  const hash = createHash('sha1').update(`${read.status}:`);
  if (read.body.includes(VIEW_TALLY_MARK)) {
    hash.update(read.body.toString('latin1').replace(VIEW_TALLIES, '"$1":0'), 'latin1');
  } else hash.update(read.body);
  return hash.digest('base64url');
};

const drawn = (read: RawReply): DrawnRead => ({ digest: digestOf(read), service: read.service, version: read.version });

/** One request's reads, each made once whoever asks (the check of a kept page, then its render). */
function onceEach(read: RawRead) {
  const made = new Map<string, Promise<RawReply>>();
  const once: RawRead = (path) => {
    let pending = made.get(path);
    if (!pending) {
      pending = read(path);
      made.set(path, pending);
    }
    return pending;
  };
  const reads = async () =>
    new Map(await Promise.all([...made].map(async ([path, pending]) => [path, drawn(await pending)] as const)));
  return { once, reads };
}

/**
 * The server-rendered pages a visitor gets, kept by address (docs/adr/0071-public-page-caching.md). A page is
 * reused while every API read it was drawn from would answer the same bytes, so an edit, an answer or a setting is
 * in the next response and changes its ETag, on any replica, with no purge to send. Most reads carry the version of
 * the read models they were drawn from: while their service answers that version they are not made again, and only
 * the others (a question's, which counts its views) are, and compared by digest; when a version moved, every read is
 * made again and compared (docs/adr/0071-public-page-caching.md). A kept page is drawn afresh after
 * `Limits.publicCache.maxAgeSeconds` anyway (its relative times). Reads are made in the site's language, so a page
 * is the same for every visitor.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<Entry>>();
  private readonly checking = new Map<string, Promise<ServedPage>>();
  private bytes = 0;
  /** Pages answered from a kept render (by the versions alone, or after making the reads again), renders made. */
  readonly counts = { reused: 0, reusedByVersion: 0, rendered: 0 };

  constructor(
    private readonly render: PageRenderer,
    private readonly now: () => number = Date.now,
  ) {}

  async page(url: string, reader: PageReader): Promise<ServedPage> {
    const fresh = async () => {
      const kept = this.entries.get(url);
      return kept && this.young(kept) && (await this.sameVersions(kept, reader)) ? kept : null;
    };
    let kept = await fresh();
    // Visitors asking while another request checks the page again (a version moved) wait for that check, then
    // check its outcome against the versions themselves: after a change, one check per page, not one per visitor.
    const under = kept ? undefined : this.checking.get(url);
    if (under) {
      await under.catch(() => null);
      kept = await fresh();
    }
    if (kept) {
      this.counts.reusedByVersion += 1;
      this.touch(url, kept);
      return kept.served;
    }
    const checking = this.checkAgain(url, reader);
    this.checking.set(url, checking);
    try {
      return await checking;
    } finally {
      if (this.checking.get(url) === checking) this.checking.delete(url);
    }
  }

  private young(entry: Entry): boolean {
    return this.now() - entry.renderedAt < Limits.publicCache.maxAgeSeconds * 1000;
  }

  /** Makes every read of the kept page again and reuses it when they answer the same, else draws it afresh. */
  private async checkAgain(url: string, reader: PageReader): Promise<ServedPage> {
    const kept = this.entries.get(url);
    // The site's language first (siteinfo does not depend on the reader's): every other read is made in it.
    const first = onceEach(reader.readIn(DEFAULT_LANGUAGE));
    const site = await parsedRead(first.once)<{ interface?: { language?: string } }>('siteinfo');
    const language = resolveLanguage(site.data?.interface?.language);
    const siteRead = first.once;
    const rest = reader.readIn(language);
    const { once, reads } = onceEach((path) => (path === 'siteinfo' ? siteRead(path) : rest(path)));

    /** The entry again, with its reads' new versions, when every read answers what it was drawn from. */
    const redrawnFrom = async (entry: Entry): Promise<Entry | null> => {
      if (entry.language !== language) return null;
      await Promise.all([...entry.reads.keys()].map((path) => once(path)));
      const now = await reads();
      if (![...entry.reads].every(([path, read]) => now.get(path)?.digest === read.digest)) return null;
      return { ...entry, reads: now };
    };
    const reuse = (entry: Entry) => {
      this.counts.reused += 1;
      return entry.served;
    };
    const still = kept && this.young(kept) ? await redrawnFrom(kept) : null;
    if (still) {
      this.touch(url, still);
      return reuse(still);
    }
    // Visitors asking for a page while it is being drawn wait for that render rather than draw it again.
    const under = this.rendering.get(url);
    const shared = under ? await under.catch(() => null) : null;
    if (shared && (await redrawnFrom(shared))) return reuse(shared);
    const rendering = (async () => {
      const rendered = await this.render({ url, nonce: PAGE_NONCE_PLACEHOLDER, api: parsedRead(once) });
      this.counts.rendered += 1;
      const entry: Entry = { ...served(rendered), reads: await reads(), language, renderedAt: this.now() };
      this.touch(url, entry);
      return entry;
    })();
    this.rendering.set(url, rendering);
    try {
      return (await rendering).served;
    } finally {
      if (this.rendering.get(url) === rendering) this.rendering.delete(url);
    }
  }

  /**
   * Whether the page's reads would answer what it was drawn from, without making the versioned ones: their services
   * answer the versions they carried, and the reads without one answer the same digest.
   */
  private async sameVersions(entry: Entry, reader: PageReader): Promise<boolean> {
    const versioned = [...entry.reads.values()].flatMap(({ service, version }) =>
      service !== null && version !== null ? [{ service, version }] : [],
    );
    const current = await reader.versions([...new Set(versioned.map((read) => read.service))]);
    if (!current || !versioned.every(({ service, version }) => current.get(service) === version)) return false;
    const read = reader.readIn(entry.language);
    const others = [...entry.reads].filter(([, made]) => made.version === null);
    const same = await Promise.all(others.map(async ([path, made]) => digestOf(await read(path)) === made.digest));
    return same.every(Boolean);
  }

  private touch(url: string, entry: Entry): void {
    this.forget(url);
    this.entries.set(url, entry);
    this.bytes += entry.bytes;
    while (this.entries.size > PAGE_CACHE_ENTRIES || this.bytes > PAGE_CACHE_BYTES) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.forget(oldest.value);
    }
  }

  private forget(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(url);
  }
}
