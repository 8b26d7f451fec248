import { EnvelopeSchema, Limits, PageQuery, QuestionPageItemSchema } from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { PostsReads } from '../queries/reads';
import { recommendedPage } from '../queries/recommended';

/**
 * `question/recommend/page`: the questions recommended to the signed-in member (an anonymous visitor's is a 401),
 * in the question list's shape. The reference binds the question list's request; only the page is read.
 */
export async function recommendedRoutes(app: HttpApp, reads: PostsReads) {
  app.get(
    '/answer/api/v1/question/recommend/page',
    {
      config: { auth: 'login' },
      schema: {
        querystring: Type.Object({ ...PageQuery({ default: Limits.pageSize.questionList }) }),
        response: {
          200: EnvelopeSchema(Type.Object({ count: Type.Integer(), list: Type.Array(QuestionPageItemSchema) })),
        },
      },
    },
    async (request) =>
      ok(request, await recommendedPage(reads.db, request.actor.id, request.query, await reads.settings())),
  );
}
