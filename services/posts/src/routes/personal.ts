import {
  EnvelopeSchema,
  Limits,
  PageQuery,
  PersonalCommentSchema,
  UserAnswerInfoSchema,
  UserQuestionInfoSchema,
  UserTopPostsSchema,
} from '@agora/contracts';
import { type Actor, type HttpApp, isStaff, ok } from '@agora/platform';
import { Type } from 'typebox';
import { personalAnswers, personalComments, personalQuestions, personalTop } from '../queries/personal';
import type { PostsReads } from '../queries/reads';
import { sendSharedReply } from '../responses/shared-replies';

const Username = Type.String({ minLength: 1, maxLength: 100 });
const Paging = {
  ...PageQuery({ default: Limits.pageSize.apiDefault }),
};
const Order = Type.Union([Type.Literal('newest'), Type.Literal('score')], { default: 'newest' });
const Page = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  EnvelopeSchema(Type.Object({ count: Type.Integer(), list: Type.Array(item) }));

/** A tab's shared reply: by tab, member (usernames are found in any case) and paging. */
const sharedKey = (tab: string, username: string, ...rest: unknown[]) =>
  JSON.stringify(['personal', tab, username.toLowerCase(), ...rest]);

/**
 * Whether the viewer sees a member's tab as anyone does (neither its owner nor staff): one shared reply, kept until
 * the read models change, then serves them all. A viewer posts has not heard of yet (no username) is not assumed
 * to be someone else.
 */
const seesPublicView = (viewer: Actor | null, username: string) =>
  viewer === null ||
  (!isStaff(viewer) && viewer.username !== '' && viewer.username.toLowerCase() !== username.toLowerCase());

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
    async (request, reply) => {
      const { query } = request;
      if (seesPublicView(request.actor, query.username)) {
        const key = sharedKey('questions', query.username, query.order, query.page, query.page_size);
        return sendSharedReply(reads, request, reply, key, (s) => personalQuestions(reads.db, query, null, s));
      }
      return ok(request, await personalQuestions(reads.db, query, request.actor, await settings()));
    },
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
    async (request, reply) => {
      const { query } = request;
      if (seesPublicView(request.actor, query.username)) {
        const key = sharedKey('answers', query.username, query.order, query.page, query.page_size);
        return sendSharedReply(reads, request, reply, key, (s) => personalAnswers(reads.db, query, null, s));
      }
      return ok(request, await personalAnswers(reads.db, query, request.actor, await settings()));
    },
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
    async (request, reply) => {
      const { query } = request;
      if (seesPublicView(request.actor, query.username)) {
        const key = sharedKey('comments', query.username, query.page, query.page_size);
        return sendSharedReply(reads, request, reply, key, () => personalComments(reads.db, query, null));
      }
      return ok(request, await personalComments(reads.db, query, request.actor));
    },
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
    async (request, reply) => {
      const { username } = request.query;
      if (seesPublicView(request.actor, username)) {
        const key = sharedKey('top', username);
        return sendSharedReply(reads, request, reply, key, (s) => personalTop(reads.db, username, null, s));
      }
      return ok(request, await personalTop(reads.db, username, request.actor, await settings()));
    },
  );
}
