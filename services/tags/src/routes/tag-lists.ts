import {
  EnvelopeSchema,
  isTagSlug,
  Limits,
  normalizeTagSlug,
  PageQuery,
  TagBasicSchema,
  TagPageItemSchema,
} from '@agora/contracts';
import { type HttpApp, ok, tagMarks } from '@agora/platform';
import { Type } from 'typebox';
import type { TagReads } from '../queries/reads';
import { tagBasic } from '../queries/responses';
import type { TagOrder } from '../queries/tag-page';
import { mainTagsBySlugs } from '../queries/tag-rows';
import { Slug } from './schemas';

const ORDERS: TagOrder[] = ['popular', 'name', 'newest'];

/** Lists of tags: the tag page, tags by slug, and suggestions while asking (the reference API's "Tag" group). */
export async function tagListRoutes(app: HttpApp, reads: TagReads) {
  const { db } = reads;

  app.get(
    '/answer/api/v1/tags/page',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({
          ...PageQuery({ default: Limits.pageSize.apiDefault }),
          query_cond: Type.Union(
            ORDERS.map((o) => Type.Literal(o)),
            { default: 'popular' },
          ),
          slug_name: Type.Optional(Slug),
          display_name: Type.Optional(Slug),
        }),
        response: {
          200: EnvelopeSchema(Type.Object({ count: Type.Integer(), list: Type.Array(TagPageItemSchema) })),
        },
      },
    },
    async (request) => {
      const { slug_name, display_name, ...page } = request.query;
      const query = { ...page, filter: slug_name ?? display_name };
      return ok(request, await reads.page(query, request.actor?.id));
    },
  );

  // `tags=a&tags=b` or `tags=a,b`: live tags in the order asked, each synonym as its main tag.
  app.get(
    '/answer/api/v1/tags',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({ tags: Type.Array(Type.String({ maxLength: 400 }), { default: [], maxItems: 50 }) }),
        response: { 200: EnvelopeSchema(Type.Array(TagBasicSchema)) },
      },
    },
    async (request) => {
      const slugs = request.query.tags
        .flatMap((t) => t.split(','))
        .map(normalizeTagSlug)
        .filter(isTagSlug)
        .slice(0, 50);
      const marks = tagMarks(await reads.settings());
      return ok(
        request,
        (await mainTagsBySlugs(db, slugs)).map((t) => tagBasic(t, marks)),
      );
    },
  );

  app.get(
    '/answer/api/v1/question/tags',
    {
      config: { auth: 'user' },
      schema: {
        querystring: Type.Object({ tag: Type.String({ default: '', maxLength: 100 }) }),
        response: { 200: EnvelopeSchema(Type.Array(TagBasicSchema)) },
      },
    },
    async (request) => ok(request, await reads.suggestions(request.query.tag)),
  );
}
