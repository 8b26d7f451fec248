import {
  ADMIN_CONTENT_PAGE_SIZE,
  AdminAnswerFilterSchema,
  AdminAnswerInfoSchema,
  AdminAnswerStatusSchema,
  AdminQuestionFilterSchema,
  AdminQuestionInfoSchema,
  AdminQuestionStatusSchema,
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
/** What an admin types in the search box: words, an id, or `user:<username>`. */
const Search = Type.Optional(Type.String({ maxLength: 100 }));

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
          status: Type.Optional(AdminQuestionFilterSchema),
          query: Search,
        }),
        response: { 200: EnvelopeSchema(PageSchema(AdminQuestionInfoSchema)) },
      },
    },
    async (request) => {
      const query = { ...request.query, status: request.query.status ?? 'available' };
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
          status: Type.Optional(AdminAnswerFilterSchema),
          query: Search,
          question_id: Type.Optional(Id),
        }),
        response: { 200: EnvelopeSchema(PageSchema(AdminAnswerInfoSchema)) },
      },
    },
    async (request) => {
      const query = { ...request.query, status: request.query.status ?? 'available' };
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
