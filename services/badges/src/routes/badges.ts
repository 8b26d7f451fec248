import {
  BadgeAwardItemSchema,
  BadgeGroupListSchema,
  BadgeInfoSchema,
  EnvelopeSchema,
  Limits,
  PageQuery,
  PageSchema,
  UserBadgeAwardSchema,
} from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { BadgeReads } from '../queries/reads';
import { Id, Username } from './schemas';

const OPTIONAL = { auth: 'optional' as const };
const MemberBadges = { 200: EnvelopeSchema(PageSchema(UserBadgeAwardSchema)) };

/** The public badge routes: the catalogue, one badge, its awards, a member's badges. */
export async function badgeRoutes(app: HttpApp, reads: BadgeReads) {
  app.get(
    '/answer/api/v1/badges',
    { config: OPTIONAL, schema: { response: { 200: EnvelopeSchema(Type.Array(BadgeGroupListSchema)) } } },
    async (request) => ok(request, await reads.catalogue(request.actor, request.language)),
  );

  app.get(
    '/answer/api/v1/badge',
    {
      config: OPTIONAL,
      schema: { querystring: Type.Object({ id: Id }), response: { 200: EnvelopeSchema(BadgeInfoSchema) } },
    },
    async (request) => ok(request, await reads.badge(request.query.id, request.actor, request.language)),
  );

  app.get(
    '/answer/api/v1/badge/awards/page',
    {
      config: OPTIONAL,
      schema: {
        querystring: Type.Object({
          badge_id: Id,
          username: Type.Optional(Username),
          ...PageQuery({ default: Limits.pageSize.apiDefault }),
        }),
        response: { 200: EnvelopeSchema(PageSchema(BadgeAwardItemSchema)) },
      },
    },
    async (request) => {
      const { badge_id, username, page, page_size } = request.query;
      return ok(request, await reads.awards({ badgeId: badge_id, username, page, pageSize: page_size }));
    },
  );

  app.get(
    '/answer/api/v1/badge/user/awards',
    { config: OPTIONAL, schema: { querystring: Type.Object({ username: Username }), response: MemberBadges } },
    async (request) => ok(request, await reads.memberBadges(request.query.username, request.language)),
  );

  app.get(
    '/answer/api/v1/badge/user/awards/recent',
    { config: OPTIONAL, schema: { querystring: Type.Object({ username: Username }), response: MemberBadges } },
    async (request) =>
      ok(request, await reads.memberBadges(request.query.username, request.language, Limits.badges.recentAwards)),
  );
}
