import { EnvelopeSchema, LANGUAGE_OPTIONS } from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';

const LanguageOptionSchema = Type.Object({ label: Type.String(), value: Type.String(), progress: Type.Integer() });

export async function languageRoutes(app: HttpApp) {
  app.get(
    '/answer/api/v1/language/options',
    {
      config: { auth: 'none' },
      schema: { tags: ['site'], response: { 200: EnvelopeSchema(Type.Array(LanguageOptionSchema)) } },
    },
    async (request) => ok(request, LANGUAGE_OPTIONS),
  );

  // The admin area's interface settings ask the same list under the admin prefix.
  app.get(
    '/answer/admin/api/language/options',
    {
      config: { auth: 'admin' },
      schema: { tags: ['site'], response: { 200: EnvelopeSchema(Type.Array(LanguageOptionSchema)) } },
    },
    async (request) => ok(request, LANGUAGE_OPTIONS),
  );

  /**
   * The translations the reference client merges over its own: none. Agora's web app carries its strings in its
   * own bundle (frontends/kit i18n), under keys of its own; merged into the reference client they would leave its
   * keys unanswered and rename others (docs/behaviour-decisions.md, "language/config").
   */
  app.get(
    '/answer/api/v1/language/config',
    {
      config: { auth: 'none' },
      schema: { tags: ['site'], response: { 200: EnvelopeSchema(Type.Record(Type.String(), Type.Unknown())) } },
    },
    async (request) => ok(request, {}),
  );
}
