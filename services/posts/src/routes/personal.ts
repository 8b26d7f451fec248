import { EnvelopeSchema, Limits, PageQuery, TagRespSchema } from '@agora/contracts';
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

/** The reference API's `UserQuestionInfo`. */
const UserQuestionInfoSchema = Type.Object({
  question_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  vote_count: Type.Integer(),
  tags: Type.Array(TagRespSchema),
  view_count: Type.Integer(),
  answer_count: Type.Integer(),
  collection_count: Type.Integer(),
  created_at: Type.Integer(),
  accepted_answer_id: Type.String(),
  status: Type.String(),
});

/** The reference API's `UserAnswerInfo`. */
const UserAnswerInfoSchema = Type.Object({
  answer_id: Type.String(),
  question_id: Type.String(),
  accepted: Type.Integer(),
  vote_count: Type.Integer(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  question_info: Type.Object({ title: Type.String(), url_title: Type.String(), tags: Type.Array(TagRespSchema) }),
});

/** The reference API's `GetCommentPersonalWithPageResp`. */
const PersonalCommentSchema = Type.Object({
  comment_id: Type.String(),
  object_id: Type.String(),
  object_type: Type.String(),
  question_id: Type.String(),
  answer_id: Type.String(),
  content: Type.String(),
  created_at: Type.Integer(),
  title: Type.String(),
  url_title: Type.String(),
});

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
          200: EnvelopeSchema(
            Type.Object({ question: Type.Array(UserQuestionInfoSchema), answer: Type.Array(UserAnswerInfoSchema) }),
          ),
        },
      },
    },
    async (request) =>
      ok(request, await personalTop(reads.db, request.query.username, request.actor, await settings())),
  );
}
