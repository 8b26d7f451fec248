import { EnvelopeSchema, Limits, PageQuery } from '@agora/contracts';
import { errors, type HttpApp, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import type { PersonalReads } from '../queries/personal-reads';
import { userRanking } from '../queries/ranking';
import { Page, QuestionInfoSchema, RankingSchema, RankPageItemSchema, VotePageItemSchema } from '../responses/schemas';

const Paging = {
  ...PageQuery({ default: Limits.pageSize.apiDefault }),
};

/** The profile tabs votes owns (bookmarks, votes, reputation) and the weekly user ranking. */
export async function personalRoutes(app: HttpApp, context: ServiceContext, reads: PersonalReads) {
  const db = context.database.db;
  const settings = () => context.siteSettings();

  app.get(
    '/answer/api/v1/personal/collection/page',
    {
      config: { auth: 'user' },
      schema: { querystring: Type.Object(Paging), response: { 200: EnvelopeSchema(Page(QuestionInfoSchema)) } },
    },
    async (request) => ok(request, await reads.bookmarks(request.actor, request.query)),
  );

  app.get(
    '/answer/api/v1/personal/vote/page',
    {
      config: { auth: 'user' },
      schema: { querystring: Type.Object(Paging), response: { 200: EnvelopeSchema(Page(VotePageItemSchema)) } },
    },
    async (request) => ok(request, await reads.votes(request.actor.id, request.query, request.language)),
  );

  app.get(
    '/answer/api/v1/personal/rank/page',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({ username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), ...Paging }),
        response: { 200: EnvelopeSchema(Page(RankPageItemSchema)) },
      },
    },
    async (request) => {
      // Without a username, the caller's own history.
      const username = request.query.username?.trim();
      if (username) return ok(request, await reads.rankOf(username, request.query, request.language));
      if (!request.actor) throw errors.fields({ field: 'username', key: 'validation.required' });
      return ok(request, await reads.rank(request.actor.id, request.query, request.language));
    },
  );

  app.get(
    '/answer/api/v1/user/ranking',
    { config: { auth: 'optional' }, schema: { response: { 200: EnvelopeSchema(RankingSchema) } } },
    async (request) => ok(request, await userRanking(db, await settings())),
  );
}
