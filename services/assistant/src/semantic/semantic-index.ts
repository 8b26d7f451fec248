import type { Db } from '@agora/platform';
import { sql } from 'kysely';
import { providerClient } from '../ai/provider-client';
import { chosenProvider } from '../queries/ai-settings';
import { embedTexts } from './embeddings';
import { clusterVectors, decodeVector, dot, encodeVector, nearest } from './vectors';

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
const REASSIGN_BATCH = 5000;

export interface SemanticHit {
  objectId: string;
  objectType: 'question' | 'answer';
  questionId: string;
  score: number;
}

interface Centroids {
  model: string;
  vectors: Float32Array[];
  trainedOn: number;
}

/** The clusters a search reads: the share of them whose centroids are nearest the query. */
export function probedClusters(centroids: readonly Float32Array[], query: Float32Array): number[] {
  const probed = Math.max(MIN_PROBED, Math.ceil(centroids.length * PROBED_SHARE));
  return centroids
    .map((centroid, cluster) => ({ cluster, score: dot(query, centroid) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, probed)
    .map((c) => c.cluster);
}

/**
 * The vectors of the posts, stored in PostgreSQL (docs/adr/0096-the-assistant-service.md): read whole (exact) while
 * few, else by cluster: the query's nearest centroids' vectors only, scored in Node.
 */
export class SemanticIndex {
  constructor(private readonly db: Db) {}

  async centroids(model: string): Promise<Centroids | null> {
    const { rows } = await sql<{ cluster: number; vector: Buffer; trained_on: number }>`
      select cluster, vector, trained_on from semantic_centroids where model = ${model} order by cluster`.execute(
      this.db,
    );
    if (rows.length === 0) return null;
    return { model, vectors: rows.map((r) => decodeVector(r.vector)), trainedOn: rows[0]?.trained_on ?? 0 };
  }

  /** The `limit` nearest stored vectors of `model` to a unit vector, best first; `exact` reads every vector. */
  async nearest(model: string, query: Float32Array, limit: number, exact = false): Promise<SemanticHit[]> {
    const centroids = exact ? null : await this.centroids(model);
    const clusters = centroids ? probedClusters(centroids.vectors, query) : null;
    const { rows } = await sql<{
      object_id: string;
      object_type: 'question' | 'answer';
      question_id: string;
      vector: Buffer;
    }>`
      select object_id, object_type, question_id, vector from semantic_vectors
      where model = ${model} and (${clusters}::int[] is null or cluster = any(${clusters}::int[]))`.execute(this.db);
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

  /** Embeds a query with the chosen provider's embedding model; null when no provider is set. */
  async embedQuery(text: string): Promise<{ model: string; vector: Float32Array } | null> {
    const access = await chosenProvider(this.db);
    if (!access) return null;
    const client = providerClient(access.apiHost, access.apiKey);
    const [vector] = await embedTexts(client, access.embeddingModel, [text]);
    return { model: access.embeddingModel, vector: decodeVector(encodeVector(vector ?? [])) };
  }

  /**
   * Clusters the vectors of `model` when there are enough and none were clustered yet, or twice as many as the last
   * clustering saw; every vector is then assigned to its nearest centroid.
   */
  async trainIfDue(model: string): Promise<boolean> {
    const { rows: counted } = await sql<{ n: number }>`
      select count(*)::int as n from semantic_vectors where model = ${model}`.execute(this.db);
    const count = counted[0]?.n ?? 0;
    const current = await this.centroids(model);
    if (count < CLUSTER_FROM || (current && count < current.trainedOn * 2)) return false;
    const { rows: sample } = await sql<{ vector: Buffer }>`
      select vector from semantic_vectors where model = ${model} order by random() limit ${TRAINING_SAMPLE}`.execute(
      this.db,
    );
    const centroids = clusterVectors(
      sample.map((r) => decodeVector(r.vector)),
      Math.ceil(Math.sqrt(count)),
    );
    await this.db.transaction().execute(async (tx) => {
      await sql`delete from semantic_centroids`.execute(tx);
      await sql`
        insert into semantic_centroids (cluster, model, vector, trained_on)
        select i - 1, ${model}, v, ${count} from unnest(${centroids.map((c) => Buffer.from(c.buffer))}::bytea[]) with ordinality as t(v, i)`.execute(
        tx,
      );
    });
    let after = '';
    for (;;) {
      const { rows } = await sql<{ object_id: string; vector: Buffer }>`
        select object_id, vector from semantic_vectors where model = ${model} and object_id > ${after}
        order by object_id limit ${REASSIGN_BATCH}`.execute(this.db);
      if (rows.length === 0) break;
      await sql`
        update semantic_vectors v set cluster = a.cluster
        from unnest(${rows.map((r) => r.object_id)}::text[], ${rows.map((r) => nearest(decodeVector(r.vector), centroids))}::int[])
          as a(object_id, cluster)
        where v.object_id = a.object_id`.execute(this.db);
      after = rows.at(-1)?.object_id ?? after;
    }
    return true;
  }
}
