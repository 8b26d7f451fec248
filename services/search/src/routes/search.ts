import {
  EnvelopeSchema,
  QuestionBaseInfoSchema,
  SEARCH_ORDERS,
  SearchDescRespSchema,
  SearchLimits,
  SearchRespSchema,
} from '@agora/contracts';
import { actionRecordRoute, captchasFor, errors, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import { search } from '../queries/search';
import { similarQuestions } from '../queries/similar';
import type { SearchRuntime } from '../runtime';

const PageSize = Type.Integer({ minimum: 1, maximum: SearchLimits.pageSizeMax });

/** What `search/desc` tells the client about the engine (empty for the built-in search). */
const ENGINES = {
  postgres: { name: '', icon: '', link: '' },
  opensearch: { name: 'OpenSearch', icon: '', link: 'https://opensearch.org/' },
} as const;

export async function searchRoutes(app: HttpApp, runtime: SearchRuntime) {
  // From 20 searches within a few minutes, a captcha (when the site switches them on).
  const captchas = captchasFor(runtime.context);
  await actionRecordRoute(app, captchas, { search: 'search' });

  app.get(
    '/answer/api/v1/search',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({
          q: Type.String({ minLength: 1, maxLength: SearchLimits.queryMaxLength }),
          order: Type.Union(
            SEARCH_ORDERS.map((o) => Type.Literal(o)),
            { default: 'relevance' },
          ),
          page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
          size: Type.Optional(PageSize),
          // The name every other list uses; `size` (the reference's) wins when both are sent.
          page_size: Type.Optional(PageSize),
          captcha_id: Type.Optional(Type.String({ maxLength: 100 })),
          captcha_code: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: EnvelopeSchema(SearchRespSchema) },
      },
    },
    async (request) => {
      const { q, order, page, size, page_size, captcha_id, captcha_code } = request.query;
      const settings = await runtime.context.siteSettings();
      const captcha = settings.security.captcha_enabled === true;
      if (captcha) await captchas.demand(request, 'search', captcha_id, captcha_code);
      const deps = { db: runtime.db, index: await runtime.index(), settings };
      const data = await search(
        deps,
        { q, order, page, size: size ?? page_size ?? SearchLimits.pageSizeDefault },
        request.actor,
      );
      if (captcha) await captchas.record(request, 'search');
      return ok(request, data);
    },
  );

  app.get(
    '/answer/api/v1/search/desc',
    { config: { auth: 'optional' }, schema: { response: { 200: EnvelopeSchema(SearchDescRespSchema) } } },
    async (request) => ok(request, ENGINES[runtime.context.config.search]),
  );

  app.get(
    '/answer/api/v1/question/similar',
    {
      config: { auth: 'user' },
      schema: {
        querystring: Type.Object({
          title: Type.String({ minLength: 1, maxLength: SearchLimits.similarTitleMaxLength }),
        }),
        response: { 200: EnvelopeSchema(Type.Array(QuestionBaseInfoSchema)) },
      },
    },
    async (request) => {
      if (!request.query.title.trim()) throw errors.fields({ field: 'title', key: 'validation.required' });
      const list = await similarQuestions(
        { db: runtime.db, index: await runtime.index() },
        request.query.title,
        request.actor,
      );
      return ok(request, list);
    },
  );
}
