import { ApiError } from '@agora/platform';
import { describe, expect, it } from 'vitest';
import { OpenSearchIndex } from '../src/search-index/opensearch/opensearch-index';

describe('searching while OpenSearch is out of reach', () => {
  it('answers 503 (try again), not 500, for a search and for similar questions', async () => {
    // Nothing listens on port 1: every request is refused at once, as while the cluster is stopped.
    const index = new OpenSearchIndex({ url: 'http://127.0.0.1:1', prefix: 'agora-outage' });
    try {
      const searched = await index
        .search({
          words: ['anything'],
          phrases: [],
          tagGroups: [],
          userIds: null,
          types: ['question', 'answer'],
          answers: null,
          score: null,
          visibility: ['public'],
          order: 'relevance',
          offset: 0,
          limit: 10,
        })
        .catch((e) => e);
      expect(searched).toBeInstanceOf(ApiError);
      expect((searched as ApiError).status).toBe(503);
      const similar = await index
        .similar({ title: 'how do I count answers', visibility: ['public'], limit: 5 })
        .catch((e) => e);
      expect(similar).toBeInstanceOf(ApiError);
      expect((similar as ApiError).status).toBe(503);
    } finally {
      await index.close();
    }
  });
});
