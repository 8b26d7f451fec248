import { EnvelopeSchema, Limits, PageQuery, QuestionPageItemSchema } from '@agora/contracts';
import type { HttpApp } from '@agora/platform';
import { Type } from 'typebox';
import { linkedQuestionPage } from '../queries/linked';
import { QUESTION_ORDERS } from '../queries/questions';
import type { PostsReads } from '../queries/reads';
import { sendSharedReply } from '../responses/shared-replies';
import { Id } from './schemas';

/** `question/link`: the questions linked with a question, a page of the question list. */
export async function linkedRoutes(app: HttpApp, reads: PostsReads) {
  app.get(
    '/answer/api/v1/question/link',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({
          question_id: Id,
          order: Type.Union(
            QUESTION_ORDERS.map((o) => Type.Literal(o)),
            { default: 'newest' },
          ),
          ...PageQuery({ default: Limits.pageSize.questionList }),
          in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 36_500 })),
        }),
        response: {
          200: EnvelopeSchema(Type.Object({ count: Type.Integer(), list: Type.Array(QuestionPageItemSchema) })),
        },
      },
    },
    // The same page for every viewer: kept as bytes until the read models change.
    async (request, reply) =>
      sendSharedReply(reads, request, reply, JSON.stringify(['link', request.query]), (settings) =>
        linkedQuestionPage(reads, request.query, settings),
      ),
  );
}
