import type { AgoraConfig, Db } from '@agora/platform';
import { sql } from 'kysely';
import type { SearchIndex } from './port';
import { PostgresSearchIndex } from './postgres/postgres-index';

/**
 * The OpenSearch names of a deployment come from its database's name, so deployments (and test
 * databases) sharing one OpenSearch cluster never share an index.
 */
export async function indexPrefixOf(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const name = (rows[0]?.name ?? 'agora').toLowerCase().replace(/[^a-z0-9_-]+/g, '-');
  return `agora-${name}`.slice(0, 80);
}

/** The adapter the configuration asks for (DESIGN §4): PostgreSQL full text embedded, OpenSearch scaled out. */
export async function createSearchIndex(
  config: Pick<AgoraConfig, 'search' | 'opensearchUrl'>,
  db: Db,
): Promise<SearchIndex> {
  if (config.search === 'postgres') return new PostgresSearchIndex(db);
  if (!config.opensearchUrl) throw new Error('AGORA_SEARCH=opensearch needs OPENSEARCH_URL');
  // Loaded only when configured: the embedded default never needs the OpenSearch client.
  const { OpenSearchIndex } = await import('./opensearch/opensearch-index');
  return new OpenSearchIndex({ url: config.opensearchUrl, prefix: await indexPrefixOf(db) });
}
