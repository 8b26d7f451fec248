import { errors as platformErrors } from '@agora/platform';
import { Client, errors as clientErrors } from '@opensearch-project/opensearch';
import { splitScripts } from '../../text/scripts';
import {
  COUNT_LIMIT,
  type IndexDocument,
  type IndexHit,
  type IndexPage,
  type IndexQuery,
  type SearchIndex,
  type SimilarQuery,
} from '../port';
import { searchBody, similarBody } from './query';
import { postsTemplate, REFRESH_INTERVAL } from './template';

/** A merge of a whole generation runs for minutes on a large site; it returns when done. */
const MERGE_TIMEOUT_MS = 60 * 60_000;

export interface OpenSearchIndexOptions {
  url: string;
  /** Names the alias (`<prefix>-posts`), its generations (`<prefix>-posts-<time>`) and their template. */
  prefix: string;
  requestTimeoutMs?: number;
  /** Where counts stop (COUNT_LIMIT; tests lower it). */
  countLimit?: number;
}

const PREFIX = /^[a-z0-9][a-z0-9_-]{0,80}$/;
/** Only what a search uses comes back (not shards, sort values, index names...): less to send and parse. */
const HITS_ONLY = 'filter_path=hits.total.value,hits.hits._id,hits.hits._score';

/** A search response's hits; `filter_path` leaves out `hits.hits` when there are none. */
/** What a `_search` answers, as far as it is read here. */
interface SearchAnswer {
  hits?: { total?: { value: number }; hits?: { _id: string; _score: number | null }[] };
}

function hitsOf(body: SearchAnswer): IndexHit[] {
  return (body.hits?.hits ?? []).map((h) => ({ id: h._id, score: h._score ?? 0 }));
}

interface BulkItem {
  index?: { status: number; error?: { type: string; reason: string } };
  delete?: { status: number; error?: { type: string; reason: string } };
}

function source(d: IndexDocument) {
  const title = splitScripts(d.title);
  const body = splitScripts(d.body);
  return {
    id: d.id,
    type: d.type,
    question_id: d.questionId,
    title: title.latin,
    title_cjk: title.cjkRuns.join(' '),
    body: body.latin,
    body_cjk: body.cjkRuns.join(' '),
    tag_text: d.tagText,
    tags: d.tags,
    user_id: d.userId,
    vote_count: d.voteCount,
    answer_count: d.answerCount,
    accepted: d.accepted,
    status: d.status,
    visibility: d.visibility,
    created_at: d.createdAt.getTime(),
    active_at: d.activeAt.getTime(),
  };
}

/**
 * OpenSearch (scaled out): searches read an alias; a reindex builds a new index from the template and
 * moves the alias to it in one atomic alias update, so there is no moment without an index. Documents
 * carry their version as an external version, so an older write never replaces a newer one.
 */
/** The cluster cannot answer now (gone, timed out, overloaded or not ready), as opposed to a bad request. */
function isOutage(error: unknown): boolean {
  if (error instanceof clientErrors.ResponseError) return error.statusCode === 429 || (error.statusCode ?? 0) >= 500;
  return (
    error instanceof clientErrors.ConnectionError ||
    error instanceof clientErrors.TimeoutError ||
    error instanceof clientErrors.NoLivingConnectionsError
  );
}

export class OpenSearchIndex implements SearchIndex {
  readonly kind = 'opensearch';
  private readonly client: Client;
  readonly alias: string;
  private readonly countLimit: number;

  constructor(options: OpenSearchIndexOptions) {
    this.countLimit = options.countLimit ?? COUNT_LIMIT;
    if (!PREFIX.test(options.prefix)) throw new Error(`Invalid OpenSearch index prefix ${options.prefix}`);
    this.client = new Client({ node: options.url, requestTimeout: options.requestTimeoutMs ?? 30_000 });
    this.alias = `${options.prefix}-posts`;
  }

  private async request<T = unknown>(method: string, path: string, body?: unknown, ignore: number[] = []): Promise<T> {
    const response = await this.client.transport.request(
      { method, path, ...(body === undefined ? {} : { body: body as Record<string, unknown> }) },
      { ignore },
    );
    return response.body as T;
  }

  private generationName(generation?: string): string {
    if (generation === undefined) return this.alias;
    if (!generation.startsWith(`${this.alias}-`) || !/^\d{13,}$/.test(generation.slice(this.alias.length + 1))) {
      throw new Error(`Not a search generation: ${generation}`);
    }
    return generation;
  }

  async prepare(): Promise<void> {
    await this.request('PUT', `/_index_template/${this.alias}`, postsTemplate(`${this.alias}-*`));
    const exists = await this.client.transport.request(
      { method: 'HEAD', path: `/_alias/${this.alias}` },
      { ignore: [404] },
    );
    if (exists.statusCode === 200) return;
    // A fixed first name: replicas preparing at once create one index, and the alias comes with it.
    await this.request('PUT', `/${this.alias}-0000000000000`, { aliases: { [this.alias]: {} } }, [400]);
  }

  async write(documents: IndexDocument[], generation?: string): Promise<void> {
    if (documents.length === 0) return;
    const index = this.generationName(generation);
    const bulkBody = documents.flatMap((d) => [
      { index: { _index: index, _id: d.id, version: d.version, version_type: 'external' } },
      source(d),
    ]);
    const response = await this.client.transport.request({ method: 'POST', path: '/_bulk', bulkBody });
    const body = response.body as { errors: boolean; items: BulkItem[] };
    if (!body.errors) return;
    // A version conflict means the index already holds a newer version: exactly what should stay.
    const failed = body.items.flatMap((item) =>
      item.index?.error && item.index.error.type !== 'version_conflict_engine_exception' ? [item.index.error] : [],
    );
    const [reason] = failed;
    if (reason) throw new Error(`OpenSearch refused ${failed.length} documents: ${reason.type}: ${reason.reason}`);
  }

  async remove(ids: string[], generation?: string): Promise<void> {
    if (ids.length === 0) return;
    const index = this.generationName(generation);
    const bulkBody = ids.map((id) => ({ delete: { _index: index, _id: id } }));
    const response = await this.client.transport.request({ method: 'POST', path: '/_bulk', bulkBody });
    const body = response.body as { errors: boolean; items: BulkItem[] };
    if (!body.errors) return;
    // A document the index never held (a post purged before it was shipped) answers 404: nothing to remove.
    const failed = body.items.flatMap((item) =>
      item.delete?.error && item.delete.status !== 404 ? [item.delete.error] : [],
    );
    const [reason] = failed;
    if (reason) throw new Error(`OpenSearch kept ${failed.length} documents: ${reason.type}: ${reason.reason}`);
  }

  async search(query: IndexQuery): Promise<IndexPage> {
    const body = await this.query(searchBody(query, this.countLimit));
    return { count: body.hits?.total?.value ?? 0, hits: hitsOf(body) };
  }

  async similar(query: SimilarQuery): Promise<IndexHit[]> {
    const request = similarBody(query);
    if (!request) return [];
    return hitsOf(await this.query(request));
  }

  /** A search of the live alias; OpenSearch out of reach or overloaded is a 503 to try again, not a 500. */
  private async query(body: unknown): Promise<SearchAnswer> {
    try {
      return await this.request<SearchAnswer>('POST', `/${this.alias}/_search?${HITS_ONLY}`, body);
    } catch (error) {
      throw isOutage(error) ? platformErrors.unavailable() : error;
    }
  }

  async refresh(generation?: string): Promise<void> {
    await this.request('POST', `/${this.generationName(generation)}/_refresh`);
  }

  async count(generation?: string): Promise<number> {
    const body = await this.request<{ count: number }>('GET', `/${this.generationName(generation)}/_count`);
    return body.count;
  }

  async createGeneration(): Promise<string> {
    const name = `${this.alias}-${Date.now()}`;
    // Bulk loading without refreshes or a sync per request; activation sets both back before any search reads it.
    await this.request('PUT', `/${name}`, { settings: { refresh_interval: '-1', 'translog.durability': 'async' } });
    return name;
  }

  async hasGeneration(generation: string): Promise<boolean> {
    const response = await this.client.transport.request(
      { method: 'HEAD', path: `/${this.generationName(generation)}` },
      { ignore: [404] },
    );
    return response.statusCode === 200;
  }

  async activate(generation: string): Promise<void> {
    const next = this.generationName(generation);
    // A bulk-built index holds dozens of segments that would go on merging in the background while it
    // serves; merged into one first, a search reads one segment and no merge competes with it.
    await this.refresh(next);
    await this.client.transport.request(
      { method: 'POST', path: `/${next}/_forcemerge`, querystring: { max_num_segments: 1 } },
      { requestTimeout: MERGE_TIMEOUT_MS },
    );
    await this.request('PUT', `/${next}/_settings`, {
      index: { refresh_interval: REFRESH_INTERVAL, 'translog.durability': 'request' },
    });
    await this.refresh(next);
    const current = Object.keys(
      await this.request<Record<string, unknown>>('GET', `/_alias/${this.alias}`, undefined, [404]),
    ).filter((name) => name !== next && name !== 'error' && name !== 'status');
    await this.request('POST', '/_aliases', {
      actions: [
        ...current.map((index) => ({ remove: { index, alias: this.alias } })),
        { add: { index: next, alias: this.alias } },
      ],
    });
    for (const index of current) await this.request('DELETE', `/${index}`, undefined, [404]);
  }

  async dropGeneration(generation: string): Promise<void> {
    await this.request('DELETE', `/${this.generationName(generation)}`, undefined, [404]);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
