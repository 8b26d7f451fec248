import {
  AnswerInfoSchema,
  AnswerUpdateRespSchema,
  AnswerWithQuestionSchema,
  EnvelopeSchema,
  Limits,
  PageQuery,
  WrittenText,
} from '@agora/contracts';
import { type Actor, CaptchaFields, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { AnswerCommands } from '../commands/answers';
import type { QuestionCommands } from '../commands/questions';
import { answerInfo, answerPage } from '../queries/answers';
import { questionInfo } from '../queries/questions';
import type { PostsReads } from '../queries/reads';
import { sendSharedReply } from '../responses/shared-replies';
import { Id, Null, USER } from './schemas';

/** Counted without surrounding whitespace: an answer of blank lines is no answer. */
const Content = WrittenText(Limits.answer.minLength, Limits.post.bodyMaxLength);

/** Answers: post, edit, delete, recover, accept, read one, and a question's answer page. */
export async function answerRoutes(
  app: HttpApp,
  { answers, questions, reads }: { answers: AnswerCommands; questions: QuestionCommands; reads: PostsReads },
) {
  const withQuestion = async (viewer: Actor | null, answerId: string) => {
    const s = await reads.settings();
    const info = await answerInfo(reads.db, answerId, viewer, s);
    return { info, question: await questionInfo(reads.db, info.question_id, viewer, s) };
  };

  app.post(
    '/answer/api/v1/answer',
    {
      config: { ...USER, captcha: 'answer' },
      schema: {
        body: Type.Object({ question_id: Id, content: Content, ...CaptchaFields }),
        response: { 200: EnvelopeSchema(AnswerWithQuestionSchema) },
      },
    },
    async (request) => ok(request, await withQuestion(request.actor, await answers.post(request.actor, request.body))),
  );

  app.put(
    '/answer/api/v1/answer',
    {
      config: { ...USER, captcha: 'edit' },
      schema: {
        body: Type.Object({
          id: Id,
          content: Content,
          edit_summary: Type.Optional(Type.String({ maxLength: Limits.post.editSummaryMaxLength })),
          title: Type.Optional(Type.String({ maxLength: Limits.question.titleMaxLength })),
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(AnswerUpdateRespSchema) },
      },
    },
    async (request) => {
      const result = await answers.edit(request.actor, {
        ...request.body,
        edit_summary: request.body.edit_summary ?? '',
      });
      return ok(request, { wait_for_review: result.waitForReview });
    },
  );

  app.delete(
    '/answer/api/v1/answer',
    {
      config: { ...USER, captcha: 'delete' },
      schema: { body: Type.Object({ id: Id, ...CaptchaFields }), response: { 200: EnvelopeSchema(Null) } },
    },
    async (request) => {
      await answers.delete(request.actor, request.body.id);
      return ok(request, null);
    },
  );

  app.post(
    '/answer/api/v1/answer/recover',
    { config: USER, schema: { body: Type.Object({ answer_id: Id }), response: { 200: EnvelopeSchema(Null) } } },
    async (request) => {
      await answers.recover(request.actor, request.body.answer_id);
      return ok(request, null);
    },
  );

  // An empty answer id withdraws the acceptance.
  app.post(
    '/answer/api/v1/answer/acceptance',
    {
      config: USER,
      schema: {
        body: Type.Object({
          question_id: Type.String({ minLength: 1, maxLength: 30 }),
          answer_id: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      const answerId = request.body.answer_id && request.body.answer_id !== '0' ? request.body.answer_id : null;
      await questions.accept(request.actor, request.body.question_id, answerId);
      return ok(request, null);
    },
  );

  app.get(
    '/answer/api/v1/answer/info',
    {
      config: { auth: 'optional' },
      schema: { querystring: Type.Object({ id: Id }), response: { 200: EnvelopeSchema(AnswerWithQuestionSchema) } },
    },
    async (request) => ok(request, await withQuestion(request.actor, request.query.id)),
  );

  app.get(
    '/answer/api/v1/answer/page',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({
          question_id: Id,
          order: Type.Optional(Type.String({ maxLength: 20 })),
          ...PageQuery({ default: Limits.pageSize.answers, max: Limits.pageSize.answersMax }),
        }),
        response: { 200: EnvelopeSchema(Type.Object({ count: Type.Integer(), list: Type.Array(AnswerInfoSchema) })) },
      },
    },
    async (request, reply) => {
      const query = { ...request.query, order: request.query.order ?? 'default' };
      if (!request.actor) {
        const key = JSON.stringify(['answers', query.question_id, query.order, query.page, query.page_size]);
        return sendSharedReply(reads, request, reply, key, (s) => answerPage(reads.db, query, null, s));
      }
      const page = await answerPage(reads.db, query, request.actor, await reads.settings(), (key, load) =>
        reads.cached(key, load),
      );
      return ok(request, page);
    },
  );
}
