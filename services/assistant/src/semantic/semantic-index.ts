import { type ChangeSignal, type Db, ReadModelCache } from '@agora/platform';
import { sql } from 'kysely';
import { scoreCodes } from './codes';
import { dotAt } from './k-means';
import { VectorJobs } from './vector-jobs';
import { decodeVector, dot, packVectors, topIndexes } from './vectors';

/** Below this many vectors a search reads them all (exact); from it on, the index clusters them (IVF). */
export const CLUSTER_FROM = 4096;
/** Vectors a clustering is trained on, at most (a random sample). */
const TRAINING_SAMPLE = 20_000;
/**
 * The share of clusters a search reads, nearest first: recall against speed (`npm run bench:assistant -- --only
 * semantic` measures both, and recall at 2 to 32 clusters read). 3 % rather than the 15 % of before: at 250,000
 * vectors (500 clusters) 15 % read 37,500 vectors a search, 0.6 s; 3 %, what inverted-file indexes with √n lists
 * usually need for ≥ 0.95 recall@10 on real embeddings, reads a fifth of that.
 */
const PROBED_SHARE = 0.03;
const MIN_PROBED = 4;
/**
 * The best of the 8-bit scores scored again on their float32 vectors: enough that the codes' rounding (a few
 * thousandths of a score) never keeps one of the true nearest out.
 */
const RESCORED_MIN = 50;
/** Vectors read (and, when training, assigned in the worker) at a time: bounds memory and each step's work. */
const PAGE = 2048;
/** Clusters whose staged codes a training copies in one statement. */
const COPIED_CLUSTERS = 100;
/** The change topic of the centroids (migration 0007): searches cache them until it moves. */
export const SEMANTIC_INDEX_TOPIC = 'semantic-index';

export interface SemanticHit {
  objectId: string;
  objectType: 'question' | 'answer';
  questionId: string;
  score: number;
}

/** A trained index: its centroids packed `dims` floats each, and the generation of the codes they were made with. */
export interface Centroids {
  model: string;
  generation: number;
  dims: number;
  count: number;
  vectors: Float32Array;
  trainedOn: number;
}

/** The clusters a search reads: the share of them (or `probes`) whose centroids are nearest the query. */
export function probedClusters(centroids: Centroids, query: Float32Array, probes?: number): number[] {
  const scores = new Float32Array(centroids.count);
  for (let c = 0; c < centroids.count; c++)
    scores[c] = dot(query, centroids.vectors.subarray(c * centroids.dims, (c + 1) * centroids.dims));
  const wanted = probes ?? Math.max(MIN_PROBED, Math.ceil(centroids.count * PROBED_SHARE));
  return topIndexes(scores, wanted);
}

/**
 * The vectors of the posts, stored in PostgreSQL (docs/adr/0096-the-assistant-service.md): read whole (exact, a page
 * at a time) while few or not yet clustered; else the query's nearest clusters' 8-bit codes are scored, and the best
 * of them again on their float32 vectors. The centroids are kept in memory until they change; training and assigning
 * run in a worker thread (VectorJobs), never on the thread that answers requests.
 */
export class SemanticIndex {
  private readonly cache: ReadModelCache<Centroids | null>;
  private readonly jobs = new VectorJobs();

  constructor(
    private readonly db: Db,
    changes: ChangeSignal,
  ) {
    this.cache = new ReadModelCache(changes, 4);
  }

  /** The trained index of `model`, if any (kept until the centroids change). */
  async centroids(model: string): Promise<Centroids | null> {
    return this.cache.get(model, () => this.loadCentroids(model));
  }

  private async loadCentroids(model: string): Promise<Centroids | null> {
    const { rows } = await sql<{ vector: Buffer; trained_on: number; generation: number }>`
      select vector, trained_on, generation from semantic_centroids where model = ${model} order by cluster`.execute(
      this.db,
    );
    const first = rows[0];
    if (!first) return null;
    const dims = first.vector.length / 4;
    return {
      model,
      generation: first.generation,
      dims,
      count: rows.length,
      vectors: packVectors(
        rows.map((r) => r.vector),
        dims,
      ),
      trainedOn: first.trained_on,
    };
  }

  /**
   * The `limit` nearest stored vectors of `model` to a unit vector, best first; `exact` reads every vector, `probes`
   * reads that many clusters instead of the usual share.
   */
  async nearest(
    model: string,
    query: Float32Array,
    limit: number,
    options: { exact?: boolean; probes?: number } = {},
  ): Promise<SemanticHit[]> {
    const index = options.exact ? null : await this.centroids(model);
    const candidates =
      index && index.dims === query.length
        ? await this.probe(index, query, Math.max(limit * 2, RESCORED_MIN), options.probes)
        : await this.scan(model, query, limit);
    return this.rescore(model, query, candidates, limit);
  }

  /** The ids of the `count` best 8-bit scores in the query's nearest clusters. */
  async probe(index: Centroids, query: Float32Array, count: number, probes?: number): Promise<string[]> {
    const clusters = probedClusters(index, query, probes);
    // One row a cluster: its ids (Agora's ids are digits: a space parts them) and its codes in the same order, base64
    // (a third bigger than the bytes, where bytea's hex text is twice as big).
    const { rows } = await sql<{ ids: string; codes: string }>`
      select string_agg(object_id, ' ' order by object_id collate "C") as ids,
             encode(string_agg(code, ''::bytea order by object_id collate "C"), 'base64') as codes
      from semantic_codes where generation = ${index.generation} and cluster = any(${clusters}::int[])
      group by cluster`.execute(this.db);
    const ids: string[] = [];
    const codes = rows.map((row) => {
      for (const id of row.ids.split(' ')) ids.push(id);
      return Buffer.from(row.codes, 'base64');
    });
    const scores = new Float32Array(ids.length);
    let at = 0;
    for (const block of codes) at += scoreCodes(query, block, scores, at);
    return topIndexes(scores, count, at).map((i) => ids[i] as string);
  }

  /** Every vector of `model`, a page at a time (the event loop free between pages): the `limit` best ids. */
  private async scan(model: string, query: Float32Array, limit: number): Promise<string[]> {
    let best: { id: string; score: number }[] = [];
    for await (const page of this.pages(model, query.length)) {
      const scores = new Float32Array(page.ids.length);
      for (let i = 0; i < page.ids.length; i++)
        scores[i] = dotAt(query, 0, page.vectors, i * query.length, query.length);
      const top = topIndexes(scores, limit).map((i) => ({ id: page.ids[i] as string, score: scores[i] as number }));
      best = [...best, ...top].sort((a, b) => b.score - a.score).slice(0, limit);
    }
    return best.map((b) => b.id);
  }

  /** The vectors of `model` of `dims` dimensions, PAGE rows at a time in id order, packed. */
  private async *pages(model: string, dims: number): AsyncGenerator<PackedPage> {
    let after = '';
    for (;;) {
      // The width is checked outside the limited scan: inside, the planner, unable to tell how many rows have it,
      // would read the whole table and sort it for every page.
      const { rows } = await sql<EncodedPage & { scanned: number; last: string | null }>`
        select count(*)::int as scanned, max(object_id) as last,
               count(*) filter (where octet_length(vector) = ${dims * 4})::int as n,
               string_agg(object_id, ' ' order by object_id collate "C")
                 filter (where octet_length(vector) = ${dims * 4}) as ids,
               encode(string_agg(vector, ''::bytea order by object_id collate "C")
                 filter (where octet_length(vector) = ${dims * 4}), 'base64') as vectors
        from (select object_id, vector from semantic_vectors where model = ${model} and object_id > ${after}
              order by object_id limit ${PAGE}) page`.execute(this.db);
      const scanned = rows[0];
      const page = packedPage(scanned, dims);
      if (page.ids.length > 0) yield page;
      if (!scanned?.last || scanned.scanned < PAGE) return;
      after = scanned.last;
    }
  }

  /** The candidates scored on their float32 vectors, best first: the `limit` best. */
  async rescore(model: string, query: Float32Array, ids: string[], limit: number): Promise<SemanticHit[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{
      object_id: string;
      object_type: 'question' | 'answer';
      question_id: string;
      vector: Buffer;
    }>`
      select object_id, object_type, question_id, vector from semantic_vectors
      where object_id = any(${ids}::text[]) and model = ${model}`.execute(this.db);
    return rows
      .map((r) => ({
        objectId: r.object_id,
        objectType: r.object_type,
        questionId: r.question_id,
        score: dot(query, decodeVector(r.vector)),
      }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }

  /**
   * The clusters and codes of new vectors of `model` (float32 bytes each) under its trained index, from the worker;
   * null while `model` has none.
   */
  async assign(
    model: string,
    stored: Buffer[],
  ): Promise<{ generation: number; clusters: Int32Array; codes: Uint8Array } | null> {
    const index = await this.centroids(model);
    if (!index || stored.length === 0 || stored.some((v) => v.length !== index.dims * 4)) return null;
    const { clusters, codes } = await this.jobs.run({
      kind: 'assign',
      vectors: packVectors(stored, index.dims),
      dims: index.dims,
      centroids: index.vectors,
    });
    return { generation: index.generation, clusters, codes };
  }

  /**
   * Clusters the vectors of `model` when there are enough and none were clustered yet, or twice as many as the last
   * clustering saw. In the worker: k-means on a sample, then every vector's cluster and code, a page at a time, staged,
   * then written in cluster order under a new generation that searches take up only once it is whole (the centroids
   * replaced in one short transaction); the previous generation's codes are deleted after.
   */
  async trainIfDue(model: string): Promise<boolean> {
    const { rows: counted } = await sql<{ n: number }>`
      select count(*)::int as n from semantic_vectors where model = ${model}`.execute(this.db);
    const count = counted[0]?.n ?? 0;
    const current = await this.centroids(model);
    if (count < CLUSTER_FROM || (current && count < current.trainedOn * 2)) return false;
    const sample = await this.sample(model);
    if (!sample) return false;
    const { dims } = sample;
    const { centroids } = await this.jobs.run({
      kind: 'train',
      sample: sample.vectors,
      dims,
      k: Math.ceil(Math.sqrt(count)),
      seed: Math.floor(Math.random() * 2 ** 32),
    });
    const { rows: next } = await sql<{ g: number }>`select nextval('semantic_generation')::int as g`.execute(this.db);
    const generation = next[0]?.g as number;
    // Codes of a training that never finished (the process stopped) are no generation's.
    await sql`
      delete from semantic_codes where generation not in (select generation from semantic_centroids)`.execute(this.db);
    await sql`truncate semantic_codes_staged`.execute(this.db);
    for await (const page of this.pages(model, dims)) {
      const { clusters, codes } = await this.jobs.run({ kind: 'assign', vectors: page.vectors, dims, centroids });
      await sql`
        insert into semantic_codes_staged (object_id, cluster, code)
        select o, c, ${codesSplit(codes, page.ids.length)}
        from unnest(${page.ids}::text[], ${[...clusters]}::int[]) with ordinality as t(o, c, i)`.execute(this.db);
    }
    // In cluster order, so that a search reads each cluster's codes from a few pages; a statement a range of clusters,
    // each its own short transaction (a long one would hold back every consumer of the log).
    for (let first = 0; first < centroids.length / dims; first += COPIED_CLUSTERS) {
      await sql`
        insert into semantic_codes (object_id, generation, cluster, code)
        select object_id, ${generation}, cluster, code from semantic_codes_staged
        where cluster >= ${first} and cluster < ${first + COPIED_CLUSTERS} order by cluster, object_id`.execute(
        this.db,
      );
    }
    await sql`truncate semantic_codes_staged`.execute(this.db);
    await this.db.transaction().execute(async (tx) => {
      await sql`delete from semantic_centroids`.execute(tx);
      await sql`
        insert into semantic_centroids (cluster, model, vector, trained_on, generation)
        select i - 1, ${model}, v, ${count}, ${generation}
        from unnest(${splitVectors(centroids, dims)}::bytea[]) with ordinality as t(v, i)`.execute(tx);
    });
    this.cache.clear();
    await sql`delete from semantic_codes where generation <> ${generation}`.execute(this.db);
    // The planner's figures for the new rows at once, not when autovacuum gets to them.
    await sql`analyze semantic_codes`.execute(this.db);
    return true;
  }

  /** A random sample of the vectors of `model` (of the width of the first drawn), read PAGE at a time. */
  private async sample(model: string): Promise<{ dims: number; vectors: Float32Array } | null> {
    const { rows: drawn } = await sql<{ object_id: string; bytes: number }>`
      select object_id, octet_length(vector) as bytes from semantic_vectors where model = ${model}
      order by random() limit ${TRAINING_SAMPLE}`.execute(this.db);
    const dims = (drawn[0]?.bytes ?? 0) / 4;
    const ids = drawn.filter((r) => r.bytes === dims * 4).map((r) => r.object_id);
    if (ids.length === 0) return null;
    const vectors = new Float32Array(ids.length * dims);
    let at = 0;
    for (let first = 0; first < ids.length; first += PAGE) {
      const { rows } = await sql<EncodedPage>`
        select count(*)::int as n, string_agg(object_id, ' ' order by object_id collate "C") as ids,
               encode(string_agg(vector, ''::bytea order by object_id collate "C"), 'base64') as vectors
        from semantic_vectors
        where model = ${model} and object_id = any(${ids.slice(first, first + PAGE)}::text[])
          and octet_length(vector) = ${dims * 4}`.execute(this.db);
      const page = packedPage(rows[0], dims);
      vectors.set(page.vectors, at);
      at += page.vectors.length;
    }
    return { dims, vectors: vectors.subarray(0, at) };
  }

  /** Writes codes (`codes` packed, one a vector) of a generation, in place of any the vectors had. */
  async writeCodes(db: Db, generation: number, ids: string[], clusters: Int32Array, codes: Uint8Array): Promise<void> {
    await sql`
      insert into semantic_codes (object_id, generation, cluster, code)
      select o, ${generation}, c, ${codesSplit(codes, ids.length)}
      from unnest(${ids}::text[], ${[...clusters]}::int[]) with ordinality as t(o, c, i)
      on conflict (object_id, generation) do update set cluster = excluded.cluster, code = excluded.code`.execute(db);
  }

  /** Stops the worker (the service stopping). */
  async close(): Promise<void> {
    await this.jobs.close();
  }
}

/**
 * The `i`th (from 1, as `with ordinality` counts) of `count` codes packed in one `bytea` parameter: node-postgres sends
 * a Buffer parameter as bytes, where an array of them goes as hex text built element by element on this thread.
 */
function codesSplit(codes: Uint8Array, count: number) {
  const size = codes.length / count;
  return sql`substring(${Buffer.from(codes.buffer, codes.byteOffset, codes.length)}::bytea from ((i - 1) * ${size} + 1)::int for ${size})`;
}

/**
 * A page of vectors as one row: their ids (Agora's ids are digits: a space parts them) and their float32 bytes in the
 * same order, in base64 (a third bigger than the bytes, where `bytea`'s hex text is twice as big): one string for the
 * page, not one a vector, so that the collector has one object to free.
 */
interface EncodedPage {
  n: number;
  ids: string | null;
  vectors: string | null;
}

interface PackedPage {
  ids: string[];
  vectors: Float32Array;
}

function packedPage(page: EncodedPage | undefined, dims: number): PackedPage {
  if (!page?.ids || !page.vectors) return { ids: [], vectors: new Float32Array(0) };
  const bytes = Buffer.from(page.vectors, 'base64');
  // Its own memory, so that it can be moved to the worker (a small Buffer is a slice of a shared pool).
  const own = bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length ? bytes : Uint8Array.from(bytes);
  const vectors = new Float32Array(own.buffer, 0, page.n * dims);
  return { ids: page.ids.split(' '), vectors };
}

function splitVectors(packed: Float32Array, dims: number): Buffer[] {
  const count = packed.length / dims;
  return Array.from({ length: count }, (_, c) =>
    Buffer.from(packed.buffer, packed.byteOffset + c * dims * 4, dims * 4),
  );
}
