/**
 * The k-NN index's shapes (docs/adr/0100-semantic-vectors-in-opensearch.md): HNSW graphs of the lucene engine (pure
 * Java: the plugin's faiss and nmslib engines need native libraries), on inner product, which for unit vectors is the
 * cosine the PostgreSQL store scores.
 */

/** Links per node of the graph and the candidates kept while building it: the plugin's defaults, written down. */
const HNSW = { m: 16, ef_construction: 100 };
/**
 * Candidates a search keeps while walking the graph, at least (the hits asked for when more): recall against time,
 * measured by `npm run bench:assistant -- --only knn` (docs/adr/0100-semantic-vectors-in-opensearch.md).
 */
export const EF_SEARCH = 100;

/** A vector's field is named for its width: one index holds every model's, each width its own graph. */
export const knnField = (dims: number) => `vector_${dims}`;

export function knnMapping(dims: number) {
  return {
    type: 'knn_vector',
    dimension: dims,
    method: { name: 'hnsw', engine: 'lucene', space_type: 'innerproduct', parameters: HNSW },
  };
}

/**
 * Every vectors index's settings and fixed fields; strict, so that a document written to an index made without its
 * vector field (by hand, or auto-created) is refused rather than indexed as plain numbers.
 */
export function vectorsTemplate(prefix: string) {
  return {
    index_patterns: [`${prefix}-vectors-*`],
    priority: 100,
    template: {
      settings: { 'index.knn': true, number_of_shards: 1, auto_expand_replicas: '0-1', refresh_interval: '1s' },
      mappings: {
        dynamic: 'strict',
        properties: {
          object_id: { type: 'keyword' },
          object_type: { type: 'keyword' },
          question_id: { type: 'keyword' },
          model: { type: 'keyword' },
        },
      },
    },
  };
}

/** The `limit` nearest of `model`'s vectors (the model a filter the graph walk applies as it goes). */
export function knnQuery(field: string, model: string, query: Float32Array, limit: number, efSearch = EF_SEARCH) {
  return {
    size: limit,
    _source: ['object_type', 'question_id'],
    query: {
      knn: {
        [field]: {
          vector: Array.from(query),
          k: limit,
          method_parameters: { ef_search: Math.max(limit, efSearch) },
          filter: { term: { model } },
        },
      },
    },
  };
}

/** The dot product back from the lucene engine's inner-product score (`1 + dot`, or `1 / (1 - dot)` below zero). */
export function dotOfScore(score: number): number {
  return score >= 1 ? score - 1 : 1 - 1 / score;
}
