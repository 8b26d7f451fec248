import { DigestFrequencySchema, EnvelopeSchema, NotificationConfigSchema } from '@agora/contracts';
import { type HttpApp, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import type { SettingsCommands } from '../commands/settings';
import type { EmailSettings } from '../domain/settings/decider';
import { notificationConfig } from '../queries/settings';

const Channel = Type.Object({ key: Type.Optional(Type.Literal('email')), enable: Type.Boolean() });

/** E-mail settings and the one-click unsubscribe (`user/notification/*`). */
export async function settingsRoutes(app: HttpApp, context: ServiceContext, settings: SettingsCommands) {
  const db = context.database.db;

  app.get(
    '/answer/api/v1/user/notification/config',
    { config: { auth: 'user' }, schema: { response: { 200: EnvelopeSchema(NotificationConfigSchema) } } },
    async (request) => ok(request, await notificationConfig(db, request.actor.id)),
  );

  // Each source is optional: what is left out stays as it was.
  app.put(
    '/answer/api/v1/user/notification/config',
    {
      config: { auth: 'user' },
      schema: {
        body: Type.Object({
          inbox: Type.Optional(Channel),
          all_new_question: Type.Optional(Channel),
          all_new_question_for_following_tags: Type.Optional(Channel),
          digest: Type.Optional(DigestFrequencySchema),
        }),
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => {
      const body = request.body;
      const values: Partial<EmailSettings> = {};
      if (body.inbox) values.inbox = body.inbox.enable;
      if (body.all_new_question) values.all_new_question = body.all_new_question.enable;
      if (body.all_new_question_for_following_tags) {
        values.followed_tags = body.all_new_question_for_following_tags.enable;
      }
      if (body.digest) values.digest = body.digest;
      await settings.change(request.actor.id, values);
      return ok(request, null);
    },
  );

  app.put(
    '/answer/api/v1/user/notification/unsubscribe',
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 500 }) }),
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => {
      await settings.unsubscribe(request.body.code);
      return ok(request, null);
    },
  );
}
