import {
  EnvelopeSchema,
  type Language,
  Limits,
  PageQuery,
  PersonalCommentSchema,
  type SiteSettings,
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
 * How the viewer sees a member's tabs: as anyone does (`public`), or whole, hidden and deleted posts included, as
 * the member and the staff do (`full`). Each view is one shared reply, kept until the read models change. A viewer
 * posts has not heard of yet (no username) is neither assumed to be someone else nor the member: null, read afresh.
 */
function viewOf(viewer: Actor | null, username: string): 'public' | 'full' | null {
  if (viewer === null) return 'public';
  if (isStaff(viewer)) return 'full';
  if (viewer.username === '') return null;
  return viewer.username.toLowerCase() === username.toLowerCase() ? 'full' : 'public';
}

/** A user's profile tabs: questions, answers, comments and the top posts. */
export async function personalRoutes(app: HttpApp, reads: PostsReads) {
  const OPTIONAL = { auth: 'optional' as const };

  /**
   * A tab's reply: the shared reply of the viewer's view (named by the tab, the member and `rest`), or, for a viewer
   * posts has not heard of yet, the tab read afresh as that viewer.
   */
  async function sendTab<T, R extends Parameters<typeof sendSharedReply>[2]>(
    request: { actor: Actor | null; language: Language },
    reply: R,
    tab: string,
    username: string,
    rest: unknown[],
    read: (viewer: Actor | null, settings: SiteSettings) => Promise<T>,
  ) {
    const view = viewOf(request.actor, username);
    if (view === null) return ok(request, await read(request.actor, await reads.settings()));
    const viewer = view === 'full' ? request.actor : null;
    return sendSharedReply(reads, request, reply, sharedKey(tab, username, view, ...rest), (s) => read(viewer, s));
  }

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
      return sendTab(request, reply, 'questions', query.username, [query.order, query.page, query.page_size], (v, s) =>
        personalQuestions(reads.db, query, v, s),
      );
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
      return sendTab(request, reply, 'answers', query.username, [query.order, query.page, query.page_size], (v, s) =>
        personalAnswers(reads.db, query, v, s),
      );
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
      return sendTab(request, reply, 'comments', query.username, [query.page, query.page_size], (v) =>
        personalComments(reads.db, query, v),
      );
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
      return sendTab(request, reply, 'top', username, [], (v, s) => personalTop(reads.db, username, v, s));
    },
  );
}
