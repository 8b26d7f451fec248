import { opensearchUrl } from '@agora/test-support/database';
import { describe, it } from 'vitest';
import { searchRoutesSuite } from './support/routes-suite';

const url = opensearchUrl();
if (url) searchRoutesSuite({ kind: 'opensearch', opensearchUrl: url });
else describe.skip('search routes: opensearch (set OPENSEARCH_URL or run test:full)', () => it('needs OpenSearch'));
