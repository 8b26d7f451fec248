import {
  ADMIN_CONTENT_PAGE_SIZE,
  AdminAnswerFilterParamSchema,
  AdminAnswerInfoSchema,
  AdminAnswerStatusSchema,
  AdminQuestionFilterParamSchema,
  AdminQuestionInfoSchema,
  AdminQuestionStatusSchema,
  adminFilterOf,
  EnvelopeSchema,
  PageQuery,
  PageSchema,
} from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { AnswerCommands } from '../commands/answers';
import type { QuestionCommands } from '../commands/questions';
import { adminAnswerPage, adminQuestionPage } from '../queries/admin-contents';
import type { PostsReads } from '../queries/reads';
import { Id, Null } from './schemas';

const ADMIN = { auth: 'admin' as const };
/** What an admin types in the search box: words, an id, `question:<id>`, `answer:<id>` or `user:<username>`. */
const Search = Type.Optional(Type.String({ maxLength: 100 }));
/** One question's answers; the reference client sends `question_id=` (or `0`) when it names none. */
const OfQuestion = Type.Optional(Type.String({ maxLength: 64 }));

/** The admin's content pages: questions and answers by status, searched, and their status changes. */
export async function adminContentRoutes(
  app: HttpApp,
  parts: { questions: QuestionCommands; answers: AnswerCommands; reads: PostsReads },
) {
  app.get(
    '/answer/admin/api/question/page',
    {
      config: ADMIN,
      schema: {
        querystring: Type.Object({
          ...PageQuery({ default: ADMIN_CONTENT_PAGE_SIZE }),
          status: Type.Optional(AdminQuestionFilterParamSchema),
          query: Search,
        }),
        response: { 200: EnvelopeSchema(PageSchema(AdminQuestionInfoSchema)) },
      },
    },
    async (request) => {
      const query = { ...request.query, status: adminFilterOf(request.query.status) };
      // Every admin sees the same page: kept until posts' read models change.
      const key = JSON.stringify(['admin-questions', query.status, query.page, query.page_size, query.query ?? '']);
      const page = await parts.reads.cached(key, async () =>
        adminQuestionPage(parts.reads.db, query, await parts.reads.settings()),
      );
      return ok(request, page);
    },
  );

  app.get(
    '/answer/admin/api/answer/page',
    {
      config: ADMIN,
      schema: {
        querystring: Type.Object({
          ...PageQuery({ default: ADMIN_CONTENT_PAGE_SIZE }),
          status: Type.Optional(AdminAnswerFilterParamSchema),
          query: Search,
          question_id: OfQuestion,
        }),
        response: { 200: EnvelopeSchema(PageSchema(AdminAnswerInfoSchema)) },
      },
    },
    async (request) => {
      const named = request.query.question_id;
      const ofQuestion = named && named !== '0' ? named : undefined;
      const query = { ...request.query, question_id: ofQuestion, status: adminFilterOf(request.query.status) };
      const { status, page: number, page_size, question_id, query: words } = query;
      const key = JSON.stringify(['admin-answers', status, number, page_size, question_id ?? '', words ?? '']);
      const page = await parts.reads.cached(key, async () =>
        adminAnswerPage(parts.reads.db, query, await parts.reads.settings()),
      );
      return ok(request, page);
    },
  );

  app.put(
    '/answer/admin/api/question/status',
    {
      config: ADMIN,
      schema: {
        body: Type.Object({ question_id: Id, status: AdminQuestionStatusSchema }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      await parts.questions.setStatus(request.actor, request.body.question_id, request.body.status);
      return ok(request, null);
    },
  );

  app.put(
    '/answer/admin/api/answer/status',
    {
      config: ADMIN,
      schema: {
        body: Type.Object({ answer_id: Id, status: AdminAnswerStatusSchema }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      await parts.answers.setStatus(request.actor, request.body.answer_id, request.body.status);
      return ok(request, null);
    },
  );
}
