import { EnvelopeSchema, QuestionPageItemSchema } from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { PostsReads } from '../queries/reads';
import { similarByFirstTag } from '../queries/similar';
import { Id } from './schemas';

/** Up to 6 questions sharing a question's first tag, most viewed of the last 90 days. */
export async function similarRoutes(app: HttpApp, reads: PostsReads) {
  app.get(
    '/answer/api/v1/question/similar/tag',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({ question_id: Id }),
        response: {
          200: EnvelopeSchema(Type.Object({ count: Type.Integer(), list: Type.Array(QuestionPageItemSchema) })),
        },
      },
    },
    async (request) => ok(request, await similarByFirstTag(reads, request.query.question_id)),
  );
}
