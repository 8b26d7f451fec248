import { randomBytes } from 'node:crypto';
import { describe, it } from 'vitest';
import { opensearchUrl } from '../../../test-support/database';
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
