import { type Db, errors as platformErrors } from '@agora/platform';
import { Client, errors as clientErrors } from '@opensearch-project/opensearch';
import { sql } from 'kysely';
import type { SemanticHit } from '../semantic-index';
import type { EmbeddedPost, VectorStore } from '../vector-store';
import { decodeVector } from '../vectors';
import { dotOfScore, knnField, knnMapping, knnQuery, vectorsTemplate } from './knn-index';

export interface OpenSearchVectorStoreOptions {
  url: string;
  /** Names the indexes (`<prefix>-vectors-<rebuilds>`) and their template. */
  prefix: string;
  requestTimeoutMs?: number;
}

const PREFIX = /^[a-z0-9][a-z0-9_-]{0,80}$/;
/** Ids read a page at a time when a new embedding model queues every post again. */
const REQUEUE_PAGE = 5000;

interface SearchAnswer {
  hits?: {
    hits?: {
      _id: string;
      _score: number | null;
      _source?: { object_type: 'question' | 'answer'; question_id: string };
    }[];
  };
}
interface SortedAnswer {
  hits?: { hits?: { sort: [string] }[] };
}
interface BulkItem {
  index?: { status: number; error?: { type: string; reason: string } };
  delete?: { status: number; error?: { type: string; reason: string } };
}

/** The cluster cannot answer now (gone, timed out, overloaded or not ready), as opposed to a bad request. */
function isOutage(error: unknown): boolean {
  if (error instanceof clientErrors.ResponseError) return error.statusCode === 429 || (error.statusCode ?? 0) >= 500;
  return (
    error instanceof clientErrors.ConnectionError ||
    error instanceof clientErrors.TimeoutError ||
    error instanceof clientErrors.NoLivingConnectionsError
  );
}

/**
 * The deployment's index names, from its database's name as search's are (services/search, `indexPrefixOf`), so that
 * deployments and test databases sharing one cluster never share an index.
 */
export async function vectorIndexPrefixOf(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const name = (rows[0]?.name ?? 'agora').toLowerCase().replace(/[^a-z0-9_-]+/g, '-');
  return `agora-${name}`.slice(0, 80);
}

/**
 * The vectors in OpenSearch's k-NN index (scaled out; docs/adr/0100-semantic-vectors-in-opensearch.md): a document a
 * post (its id, type, question and model) with its vector in the field of its width (`vector_<dims>`, HNSW graphs of
 * the pure-Java lucene engine, inner product), searched with the model as a filter. Each rebuild of the library writes
 * to an index of its own (`<prefix>-vectors-<rebuilds>`); the embedder drops the earlier ones.
 */
export class OpenSearchVectorStore implements VectorStore {
  readonly kind = 'opensearch';
  private readonly client: Client;
  private readonly prefix: string;
  private template: Promise<void> | null = null;
  /** `index/field` pairs known to be mapped (a mapping, once there, stays). */
  private readonly mapped = new Set<string>();
  /** The rebuild count whose earlier indexes this process has dropped. */
  private droppedBefore = -1;

  constructor(
    private readonly db: Db,
    options: OpenSearchVectorStoreOptions,
  ) {
    if (!PREFIX.test(options.prefix)) throw new Error(`Invalid OpenSearch index prefix ${options.prefix}`);
    this.prefix = options.prefix;
    this.client = new Client({ node: options.url, requestTimeout: options.requestTimeoutMs ?? 30_000 });
  }

  private async request<T = unknown>(method: string, path: string, body?: unknown, ignore: number[] = []): Promise<T> {
    const response = await this.client.transport.request(
      { method, path, ...(body === undefined ? {} : { body: body as Record<string, unknown> }) },
      { ignore },
    );
    return response.body as T;
  }

  /** The index of the library's current rebuild. */
  async currentIndex(db: Db = this.db): Promise<{ rebuilds: number; index: string }> {
    const { rows } = await sql<{ count: number }>`select count from semantic_rebuilds`.execute(db);
    const rebuilds = rows[0]?.count ?? 0;
    return { rebuilds, index: `${this.prefix}-vectors-${rebuilds}` };
  }

  async nearest(
    model: string,
    query: Float32Array,
    limit: number,
    options: { efSearch?: number } = {},
  ): Promise<SemanticHit[]> {
    const { index } = await this.currentIndex();
    const field = knnField(query.length);
    let answer: SearchAnswer;
    try {
      // Nothing of this width embedded yet (or no index since the rebuild): nothing to find.
      if (!(await this.isMapped(index, field))) return [];
      answer = await this.request<SearchAnswer>(
        'POST',
        `/${index}/_search?filter_path=hits.hits._id,hits.hits._score,hits.hits._source`,
        knnQuery(field, model, query, limit, options.efSearch),
      );
    } catch (error) {
      throw isOutage(error) ? platformErrors.unavailable() : error;
    }
    return (answer.hits?.hits ?? []).flatMap((hit) =>
      hit._source
        ? [
            {
              objectId: hit._id,
              objectType: hit._source.object_type,
              questionId: hit._source.question_id,
              score: dotOfScore(hit._score ?? 0),
            },
          ]
        : [],
    );
  }

  private async isMapped(index: string, field: string): Promise<boolean> {
    if (this.mapped.has(`${index}/${field}`)) return true;
    const answer = await this.request<Record<string, { mappings?: Record<string, unknown> }>>(
      'GET',
      `/${index}/_mapping/field/${field}`,
      undefined,
      [404],
    );
    const found = Boolean(answer[index]?.mappings?.[field]);
    if (found) this.mapped.add(`${index}/${field}`);
    return found;
  }

  /** The index and the field of this width, made if missing (the template gives every index its settings). */
  private async ensureField(index: string, dims: number): Promise<string> {
    const field = knnField(dims);
    if (this.mapped.has(`${index}/${field}`)) return field;
    this.template ??= this.request('PUT', `/_index_template/${this.prefix}-vectors`, vectorsTemplate(this.prefix)).then(
      () => undefined,
      (error) => {
        this.template = null;
        throw error;
      },
    );
    await this.template;
    // Replicas making it at once: the second is told it exists.
    await this.request('PUT', `/${index}`, {}, [400]);
    await this.request('PUT', `/${index}/_mapping`, { properties: { [field]: knnMapping(dims) } });
    this.mapped.add(`${index}/${field}`);
    return field;
  }

  async requeueOtherModels(db: Db, model: string): Promise<void> {
    const { index } = await this.currentIndex(db);
    let after: string | undefined;
    for (;;) {
      const answer = await this.request<SortedAnswer>(
        'POST',
        `/${index}/_search?filter_path=hits.hits.sort`,
        {
          size: REQUEUE_PAGE,
          _source: false,
          query: { bool: { must_not: [{ term: { model } }] } },
          sort: [{ object_id: 'asc' }],
          ...(after === undefined ? {} : { search_after: [after] }),
        },
        [404],
      );
      const ids = (answer.hits?.hits ?? []).map((hit) => hit.sort[0]);
      if (ids.length > 0) {
        await sql`
          insert into semantic_queue (object_id, queued_at) select id, now() from unnest(${ids}::text[]) as id
          on conflict (object_id) do nothing`.execute(db);
      }
      if (ids.length < REQUEUE_PAGE) return;
      after = ids.at(-1);
    }
  }

  async save(
    db: Db,
    model: string,
    posts: EmbeddedPost[],
    gone: string[],
    dequeue: (tx: Db) => Promise<void>,
  ): Promise<void> {
    const { rebuilds, index } = await this.currentIndex(db);
    const bulkBody: unknown[] = [];
    for (const post of posts) {
      const field = await this.ensureField(index, post.vector.length / 4);
      bulkBody.push(
        { index: { _index: index, _id: post.objectId } },
        {
          object_id: post.objectId,
          object_type: post.objectType,
          question_id: post.questionId,
          model,
          [field]: Array.from(decodeVector(post.vector)),
        },
      );
    }
    for (const id of gone) bulkBody.push({ delete: { _index: index, _id: id } });
    if (bulkBody.length > 0) {
      const response = await this.client.transport.request({
        method: 'POST',
        path: '/_bulk',
        bulkBody: bulkBody as Record<string, unknown>[],
      });
      const body = response.body as { errors: boolean; items: BulkItem[] };
      // A post that never had a vector answers 404 to its delete: nothing to remove.
      const failed = body.errors
        ? body.items.flatMap((item) => [
            ...(item.index?.error ? [item.index.error] : []),
            ...(item.delete?.error && item.delete.status !== 404 ? [item.delete.error] : []),
          ])
        : [];
      const [reason] = failed;
      if (reason) {
        // The index or its field went (deleted by hand): made again on the next try.
        this.mapped.clear();
        throw new Error(`OpenSearch refused ${failed.length} vectors: ${reason.type}: ${reason.reason}`);
      }
    }
    await db.transaction().execute(async (tx) => {
      // Held until commit: a rebuild's reset waits for it, or this sees its count.
      const { rows } = await sql<{ count: number }>`select count from semantic_rebuilds for share`.execute(tx);
      // A rebuild began meanwhile: these went to the index it left behind, and its replay queues the posts again.
      if (rows[0]?.count === rebuilds) await dequeue(tx);
    });
  }

  /** Drops the indexes of earlier rebuilds (once per rebuild and process). */
  async idle(): Promise<boolean> {
    const { rebuilds } = await this.currentIndex();
    if (this.droppedBefore === rebuilds) return false;
    const listed = await this.request<{ index: string }[]>(
      'GET',
      `/_cat/indices/${this.prefix}-vectors-*?format=json&h=index`,
      undefined,
      [404],
    );
    const earlier = (Array.isArray(listed) ? listed : [])
      .map((row) => row.index)
      .filter((name) => {
        const count = Number(name.slice(`${this.prefix}-vectors-`.length));
        return Number.isInteger(count) && count < rebuilds;
      });
    for (const name of earlier) await this.request('DELETE', `/${name}`, undefined, [404]);
    this.droppedBefore = rebuilds;
    return false;
  }

  /** Makes every vector written so far searchable (OpenSearch does on its own within a second); tests use it. */
  async refresh(): Promise<void> {
    const { index } = await this.currentIndex();
    await this.request('POST', `/${index}/_refresh`, undefined, [404]);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
