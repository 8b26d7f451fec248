import type { AgoraConfig, Db } from '@agora/platform';
import type { SemanticHit, SemanticIndex } from './semantic-index';

/** A post's vector as the embedder hands it over: unit length, little-endian float32 bytes (`encodeVector`). */
export interface EmbeddedPost {
  objectId: string;
  objectType: 'question' | 'answer';
  questionId: string;
  vector: Buffer;
}

/**
 * Where the posts' vectors are kept and searched (docs/adr/0100-semantic-vectors-in-opensearch.md): PostgreSQL
 * embedded, OpenSearch's k-NN index scaled out (`AGORA_SEARCH=opensearch`, as search's own index). Both answer
 * `nearest` with the exact dot product of the hits, best first; what anyone may see is checked against the library
 * afterwards, the same for both.
 */
export interface VectorStore {
  readonly kind: 'postgres' | 'opensearch';
  /** The `limit` stored vectors of `model` nearest a unit vector, best first. */
  nearest(model: string, query: Float32Array, limit: number): Promise<SemanticHit[]>;
  /** Queues again every post whose vector another model made (the embedding model changed). */
  requeueOtherModels(db: Db, model: string): Promise<void>;
  /**
   * Keeps the vectors of a batch of `model`, forgets those of `gone`, and runs `dequeue` in the transaction that
   * records it; a batch a rebuild overtook is dropped instead (its posts are queued again by the replay).
   */
  save(db: Db, model: string, posts: EmbeddedPost[], gone: string[], dequeue: (tx: Db) => Promise<void>): Promise<void>;
  /** Work for an empty queue (PostgreSQL: training the clustered index when due); whether there was some. */
  idle(model: string): Promise<boolean>;
  close(): Promise<void>;
}

/** The store the configuration asks for; the OpenSearch client is loaded only when configured. */
export async function createVectorStore(
  config: Pick<AgoraConfig, 'search' | 'opensearchUrl'>,
  db: Db,
  index: SemanticIndex,
): Promise<VectorStore> {
  if (config.search === 'postgres') {
    const { PostgresVectorStore } = await import('./postgres-store');
    return new PostgresVectorStore(index);
  }
  if (!config.opensearchUrl) throw new Error('AGORA_SEARCH=opensearch needs OPENSEARCH_URL');
  const { OpenSearchVectorStore, vectorIndexPrefixOf } = await import('./opensearch/knn-store');
  return new OpenSearchVectorStore(db, { url: config.opensearchUrl, prefix: await vectorIndexPrefixOf(db) });
}

/** The configured store, made on first use; a failed attempt is tried again next time. */
export class VectorStores {
  private made: Promise<VectorStore> | null = null;

  constructor(
    private readonly config: Pick<AgoraConfig, 'search' | 'opensearchUrl'>,
    private readonly db: Db,
    private readonly index: SemanticIndex,
  ) {}

  get(): Promise<VectorStore> {
    this.made ??= createVectorStore(this.config, this.db, this.index).catch((error) => {
      this.made = null;
      throw error;
    });
    return this.made;
  }

  async close(): Promise<void> {
    const store = await this.made?.catch(() => null);
    this.made = null;
    await store?.close();
  }
}
