import { randomBytes } from 'node:crypto';
import { opensearchUrl } from '@agora/test-support/database';
import { describe, it } from 'vitest';
import { OpenSearchIndex } from '../src/search-index/opensearch/opensearch-index';
import { searchIndexContract } from './support/index-contract';

const url = opensearchUrl();
if (url) {
  searchIndexContract({
    name: 'opensearch',
    async create() {
      const prefix = `agora-test-${randomBytes(5).toString('hex')}`;
      const index = new OpenSearchIndex({ url, prefix });
      await index.prepare();
      return {
        index,
        limited: (countLimit) => new OpenSearchIndex({ url, prefix, countLimit }),
        async dispose() {
          await fetch(`${url}/${prefix}-*`, { method: 'DELETE' });
          await fetch(`${url}/_index_template/${prefix}-posts`, { method: 'DELETE' });
          await index.close();
        },
      };
    },
  });
} else {
  describe.skip('search index contract: opensearch (set OPENSEARCH_URL or run test:full)', () =>
    it('needs OpenSearch'));
}
