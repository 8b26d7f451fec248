import { AdminBadgeSchema, EnvelopeSchema, Limits, PageQuery, PageSchema } from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { BadgeCommands } from '../commands/badges';
import type { BadgeReads } from '../queries/reads';
import { Id, Status } from './schemas';

const ADMIN = { auth: 'admin' as const };

/** The admin badge routes: the list with statuses, and activating or deactivating a badge. */
export async function adminBadgeRoutes(app: HttpApp, reads: BadgeReads, commands: BadgeCommands) {
  app.get(
    '/answer/admin/api/badges',
    {
      config: ADMIN,
      schema: {
        querystring: Type.Object({
          ...PageQuery({ default: Limits.badges.adminPageSize }),
          status: Type.Optional(Type.Union([Type.Literal(''), Status])),
          q: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: EnvelopeSchema(PageSchema(AdminBadgeSchema)) },
      },
    },
    async (request) => {
      const { page, page_size, status, q } = request.query;
      return ok(request, await reads.adminList({ page, pageSize: page_size, status, q }, request.language));
    },
  );

  app.put(
    '/answer/admin/api/badge/status',
    {
      config: ADMIN,
      schema: { body: Type.Object({ id: Id, status: Status }), response: { 200: EnvelopeSchema(Type.Null()) } },
    },
    async (request) => {
      await commands.setStatus(request.actor, request.body.id, request.body.status);
      return ok(request, null);
    },
  );
}
