import { EnvelopeSchema, SearchLimits, SearchRespSchema } from '@agora/contracts';
import { ApiError, errors, type HttpApp, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import { providerProblem } from '../ai/provider-client';
import { semanticSearchPage } from '../semantic/search-results';
import type { VectorStore } from '../semantic/vector-store';

/**
 * `GET ai/search`: search by meaning, for the search page's `semantic:` option and the similar questions shown while
 * asking. Signed-in members only: each search asks the provider to embed the words.
 */
export async function semanticRoutes(app: HttpApp, context: ServiceContext, vectors: () => Promise<VectorStore>) {
  app.get(
    '/answer/api/v1/ai/search',
    {
      config: { auth: 'user' },
      schema: {
        querystring: Type.Object({
          q: Type.String({ minLength: 1, maxLength: SearchLimits.similarTitleMaxLength }),
          size: Type.Integer({ minimum: 1, maximum: SearchLimits.pageSizeMax, default: SearchLimits.similarMax }),
        }),
        response: { 200: EnvelopeSchema(SearchRespSchema) },
      },
    },
    async (request) => {
      let page: Awaited<ReturnType<typeof semanticSearchPage>>;
      try {
        page = await semanticSearchPage(
          context.database.db,
          await vectors(),
          request.query.q.replace(/^semantic:\s*/i, ''),
          request.query.size,
        );
      } catch (error) {
        // The vectors' store out of reach (OpenSearch: 503) is no fault of the provider's.
        if (error instanceof ApiError) throw error;
        const problem = providerProblem(error);
        throw errors.business('error.ai.provider', problem.key, 'toast', problem.params);
      }
      if (!page) throw errors.business('error.ai.semantic_unavailable', 'error.ai.semantic_unavailable', 'toast');
      return ok(request, page);
    },
  );
}
