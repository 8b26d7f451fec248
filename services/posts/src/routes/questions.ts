import {
  AnswerWithQuestionSchema,
  EnvelopeSchema,
  Limits,
  PageQuery,
  QuestionInfoSchema,
  QuestionPageItemSchema,
  type SiteSettings,
  UpdateQuestionRespSchema,
} from '@agora/contracts';
import { CaptchaFields, errors, type HttpApp, ok, ownAuthorCards, siteSettingsOf } from '@agora/platform';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Posts } from '../commands/posts';
import { answerInfo } from '../queries/answers';
import { loadAuthors, UserBasicInfoSchema } from '../queries/authors';
import {
  type QuestionOrder,
  questionInfo,
  questionInfoFor,
  questionPage,
  questionView,
  visibleTo,
} from '../queries/questions';
import { sendSharedReply } from '../responses/shared-replies';
import type { ViewCounter } from '../views/view-counter';

const Null = Type.Null();
const USER = { auth: 'user' as const };
export const TagItemSchema = Type.Object({
  slug_name: Type.String({ minLength: 1, maxLength: 35 }),
  display_name: Type.Optional(Type.String({ maxLength: 35 })),
  original_text: Type.Optional(Type.String({ maxLength: 65535 })),
});
const Title = Type.String({ minLength: 6, maxLength: Limits.question.titleMaxLength });
const Body = Type.String({ maxLength: 65535 });
const Id = Type.String({ minLength: 1, maxLength: 64 });
const ORDERS: QuestionOrder[] = ['newest', 'active', 'hot', 'score', 'unanswered', 'frequent', 'recommend'];

export async function questionRoutes(app: HttpApp, posts: Posts, views: ViewCounter) {
  const settings = () => siteSettingsOf(posts.context);

  app.post(
    '/answer/api/v1/question',
    {
      config: { ...USER, captcha: 'question' },
      schema: {
        body: Type.Object({
          title: Title,
          content: Body,
          tags: Type.Array(TagItemSchema, { maxItems: 20 }),
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(QuestionInfoSchema) },
      },
    },
    async (request) => {
      const { id, row } = await posts.askWithRow(request.actor!, request.body);
      const s = await settings();
      // The reply is the row the ask wrote and the asker's own card, when both are at hand: no read back.
      const authors = row && ownAuthorCards(request.actor!, s);
      return ok(
        request,
        row && authors
          ? questionInfoFor({ q: row, authors }, request.actor, s)
          : await questionInfo(posts.db, id, request.actor, s),
      );
    },
  );

  app.put(
    '/answer/api/v1/question',
    {
      config: { ...USER, captcha: 'edit' },
      schema: {
        body: Type.Object({
          id: Id,
          title: Title,
          content: Body,
          tags: Type.Array(TagItemSchema, { maxItems: 20 }),
          edit_summary: Type.Optional(Type.String({ maxLength: 500 })),
          invite_user: Type.Optional(Type.Array(Type.String())),
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(UpdateQuestionRespSchema) },
      },
    },
    async (request) => {
      const result = await posts.editQuestion(request.actor!, {
        ...request.body,
        edit_summary: request.body.edit_summary ?? '',
      });
      return ok(request, { url_title: result.urlTitle, wait_for_review: result.waitForReview });
    },
  );

  app.delete(
    '/answer/api/v1/question',
    {
      config: { ...USER, captcha: 'delete' },
      schema: { body: Type.Object({ id: Id, ...CaptchaFields }), response: { 200: EnvelopeSchema(Null) } },
    },
    async (request) => {
      await posts.deleteQuestion(request.actor!, request.body.id);
      return ok(request, null);
    },
  );

  app.get(
    '/answer/api/v1/question/info',
    {
      config: { auth: 'optional' },
      schema: { querystring: Type.Object({ id: Id }), response: { 200: EnvelopeSchema(QuestionInfoSchema) } },
    },
    async (request, reply) => {
      const id = request.query.id;
      const view = (s: SiteSettings) => posts.cached(`question:${id}`, () => questionView(posts.db, id, s));
      if (!request.actor) {
        await sendSharedReply(posts, request, reply, `question:${id}`, async (s) =>
          questionInfoFor(await view(s), null, s),
        );
        views.record(id, request.ip);
        return reply;
      }
      const s = await settings();
      const info = questionInfoFor(await view(s), request.actor, s);
      views.record(info.id, request.actor.id);
      return ok(request, info);
    },
  );

  app.get(
    '/answer/api/v1/question/page',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({
          order: Type.Union(
            ORDERS.map((o) => Type.Literal(o)),
            { default: 'active' },
          ),
          ...PageQuery({ default: Limits.pageSize.questionList }),
          tag: Type.Optional(Type.String({ maxLength: 100 })),
          username: Type.Optional(Type.String({ maxLength: 100 })),
          in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 36_500 })),
        }),
        response: {
          200: EnvelopeSchema(Type.Object({ count: Type.Integer(), list: Type.Array(QuestionPageItemSchema) })),
        },
      },
    },
    async (request, reply) => {
      // The same page for every viewer.
      const key = JSON.stringify(['list', request.query]);
      return sendSharedReply(posts, request, reply, key, (s) => questionPage(posts.db, request.query, s));
    },
  );

  // Asking with one's own answer at once (spec §3 question form).
  app.post(
    '/answer/api/v1/question/answer',
    {
      config: { ...USER, captcha: 'question' },
      schema: {
        body: Type.Object({
          title: Title,
          content: Body,
          tags: Type.Array(TagItemSchema, { maxItems: 20 }),
          answer_content: Type.String({ minLength: Limits.answer.minLength, maxLength: 65535 }),
          mention_username_list: Type.Optional(Type.Array(Type.String())),
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(AnswerWithQuestionSchema) },
      },
    },
    async (request) => {
      const { answer_content, ...question } = request.body;
      const questionId = await posts.ask(request.actor!, question);
      const answerId = await posts.postAnswer(request.actor!, { question_id: questionId, content: answer_content });
      const s = await settings();
      return ok(request, {
        info: await answerInfo(posts.db, answerId, request.actor, s),
        question: await questionInfo(posts.db, questionId, request.actor, s),
      });
    },
  );

  app.get(
    '/answer/api/v1/question/invite',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeSchema(Type.Array(UserBasicInfoSchema)) },
      },
    },
    async (request) => {
      const { rows } = await sql<{ invited_user_ids: string[]; user_id: string; status: number; show: number }>`
        select invited_user_ids, user_id, status, show from questions where id = ${request.query.id}`.execute(posts.db);
      const question = rows[0];
      if (!question || !visibleTo(request.actor, question)) throw errors.notFound('error.question.not_found');
      const authors = await loadAuthors(posts.db, question.invited_user_ids, await settings());
      return ok(
        request,
        question.invited_user_ids.map((id) => authors.get(id)),
      );
    },
  );

  app.put(
    '/answer/api/v1/question/invite',
    {
      config: { ...USER, captcha: 'invitation_answer' },
      schema: {
        body: Type.Object({
          id: Id,
          invite_user: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 30 }),
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      await posts.invite(request.actor!, request.body.id, request.body.invite_user);
      return ok(request, null);
    },
  );

  // Up to 6 questions sharing the first tag, most viewed of the last 90 days (behaviour §7e).
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
    async (request) => {
      const { rows } = await sql<{ tags: { slug_name: string }[] }>`
        select tags from questions where id = ${request.query.question_id}`.execute(posts.db);
      const first = rows[0]?.tags[0]?.slug_name;
      if (!first) return ok(request, { count: 0, list: [] });
      const page = await questionPage(posts.db, { order: 'hot', page: 1, page_size: 7, tag: first }, await settings());
      const list = page.list.filter((q) => q.id !== request.query.question_id).slice(0, 6);
      return ok(request, { count: list.length, list });
    },
  );

  const act = (path: string, body: ReturnType<typeof Type.Object>, run: (request: any) => Promise<void>) =>
    app.put(path, { config: USER, schema: { body, response: { 200: EnvelopeSchema(Null) } } }, async (request) => {
      await run(request);
      return ok(request, null);
    });

  act(
    '/answer/api/v1/question/status',
    Type.Object({
      id: Id,
      close_type: Type.Integer({ minimum: 0, maximum: 1000 }),
      close_msg: Type.Optional(Type.String({ maxLength: 1000 })),
    }),
    (r) =>
      posts.staffOnQuestion(r.actor, r.body.id, {
        type: 'close',
        actorId: r.actor.id,
        closeType: r.body.close_type,
        closeMsg: r.body.close_msg ?? '',
      }),
  );
  act('/answer/api/v1/question/reopen', Type.Object({ question_id: Id }), (r) =>
    posts.staffOnQuestion(r.actor, r.body.question_id, { type: 'reopen', actorId: r.actor.id }),
  );
  act(
    '/answer/api/v1/question/operation',
    Type.Object({ id: Id, operation: Type.Union(['pin', 'unpin', 'hide', 'show'].map((o) => Type.Literal(o))) }),
    (r) =>
      posts.staffOnQuestion(r.actor, r.body.id, { type: 'operate', actorId: r.actor.id, operation: r.body.operation }),
  );

  app.post(
    '/answer/api/v1/question/recover',
    { config: USER, schema: { body: Type.Object({ question_id: Id }), response: { 200: EnvelopeSchema(Null) } } },
    async (request) => {
      await posts.staffOnQuestion(request.actor!, request.body.question_id, {
        type: 'undelete',
        actorId: request.actor!.id,
      });
      return ok(request, null);
    },
  );
}
