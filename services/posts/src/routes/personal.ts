import {
  EnvelopeSchema,
  Limits,
  PageQuery,
  PersonalCommentSchema,
  UserAnswerInfoSchema,
  UserQuestionInfoSchema,
  UserTopPostsSchema,
} from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import { personalAnswers, personalComments, personalQuestions, personalTop } from '../queries/personal';
import type { PostsReads } from '../queries/reads';

const Username = Type.String({ minLength: 1, maxLength: 100 });
const Paging = {
  ...PageQuery({ default: Limits.pageSize.apiDefault }),
};
const Order = Type.Union([Type.Literal('newest'), Type.Literal('score')], { default: 'newest' });
const Page = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  EnvelopeSchema(Type.Object({ count: Type.Integer(), list: Type.Array(item) }));

/** A user's profile tabs: questions, answers, comments and the top posts. */
export async function personalRoutes(app: HttpApp, reads: PostsReads) {
  const settings = () => reads.settings();
  const OPTIONAL = { auth: 'optional' as const };

  app.get(
    '/answer/api/v1/personal/question/page',
    {
      config: OPTIONAL,
      schema: {
        querystring: Type.Object({ username: Username, order: Order, ...Paging }),
        response: { 200: Page(UserQuestionInfoSchema) },
      },
    },
    async (request) => ok(request, await personalQuestions(reads.db, request.query, request.actor, await settings())),
  );

  app.get(
    '/answer/api/v1/personal/answer/page',
    {
      config: OPTIONAL,
      schema: {
        querystring: Type.Object({ username: Username, order: Order, ...Paging }),
        response: { 200: Page(UserAnswerInfoSchema) },
      },
    },
    async (request) => ok(request, await personalAnswers(reads.db, request.query, request.actor, await settings())),
  );

  app.get(
    '/answer/api/v1/personal/comment/page',
    {
      config: OPTIONAL,
      schema: {
        querystring: Type.Object({ username: Username, ...Paging }),
        response: { 200: Page(PersonalCommentSchema) },
      },
    },
    async (request) => ok(request, await personalComments(reads.db, request.query, request.actor)),
  );

  app.get(
    '/answer/api/v1/personal/qa/top',
    {
      config: OPTIONAL,
      schema: {
        querystring: Type.Object({ username: Username }),
        response: {
          200: EnvelopeSchema(UserTopPostsSchema),
        },
      },
    },
    async (request) =>
      ok(request, await personalTop(reads.db, request.query.username, request.actor, await settings())),
  );
}
