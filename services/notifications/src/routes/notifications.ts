import {
  EnvelopeSchema,
  InboxTypeSchema,
  Limits,
  NotificationItemSchema,
  NotificationTypeSchema,
  PageQuery,
  PageSchema,
  RedDotSchema,
} from '@agora/contracts';
import { type HttpApp, ok, type ServiceContext, type UserCache } from '@agora/platform';
import { Type } from 'typebox';
import type { InboxCommands } from '../commands/reads';
import { notificationPage } from '../queries/page';
import { type Counters, redDot } from '../queries/status';

const USER = { auth: 'user' as const };
const Empty = Type.Object({});
const TypeBody = Type.Object({ type: NotificationTypeSchema });
const NotificationId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9]+$' });

/** The inbox, achievements and red dots (the reference API's "Notification" group). */
export async function notificationRoutes(
  app: HttpApp,
  context: ServiceContext,
  inbox: InboxCommands,
  cache: UserCache<Counters>,
) {
  const db = context.database.db;
  const settings = () => context.siteSettings();

  app.get(
    '/answer/api/v1/notification/page',
    {
      config: USER,
      schema: {
        querystring: Type.Object({
          type: NotificationTypeSchema,
          inbox_type: Type.Optional(InboxTypeSchema),
          ...PageQuery({ default: Limits.pageSize.apiDefault }),
        }),
        response: { 200: EnvelopeSchema(PageSchema(NotificationItemSchema)) },
      },
    },
    async (request) =>
      ok(
        request,
        await notificationPage(
          db,
          request.actor.id,
          { ...request.query, inbox_type: request.query.inbox_type ?? 'all' },
          request.language,
          await settings(),
        ),
      ),
  );

  app.get(
    '/answer/api/v1/notification/status',
    { config: USER, schema: { response: { 200: EnvelopeSchema(RedDotSchema) } } },
    async (request) => ok(request, await redDot(db, cache, request.actor, await settings(), request.language)),
  );

  app.put(
    '/answer/api/v1/notification/status',
    { config: USER, schema: { body: TypeBody, response: { 200: EnvelopeSchema(RedDotSchema) } } },
    async (request) => {
      await inbox.clearRedDot(request.actor.id, request.body.type);
      return ok(request, await redDot(db, cache, request.actor, await settings(), request.language));
    },
  );

  app.put(
    '/answer/api/v1/notification/read/state',
    {
      config: USER,
      schema: { body: Type.Object({ id: NotificationId }), response: { 200: EnvelopeSchema(Empty) } },
    },
    async (request) => {
      await inbox.markRead(request.actor.id, request.body.id);
      return ok(request, {});
    },
  );

  app.put(
    '/answer/api/v1/notification/read/state/all',
    { config: USER, schema: { body: TypeBody, response: { 200: EnvelopeSchema(Empty) } } },
    async (request) => {
      await inbox.markAllRead(request.actor.id, request.body.type);
      return ok(request, {});
    },
  );
}
