import { EnvelopeSchema, LANGUAGE_OPTIONS, UI_BUNDLES } from '@agora/contracts';
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

  // The interface translations of the request's language (Accept-Language).
  app.get(
    '/answer/api/v1/language/config',
    {
      config: { auth: 'none' },
      schema: { tags: ['site'], response: { 200: EnvelopeSchema(Type.Record(Type.String(), Type.Unknown())) } },
    },
    async (request) => ok(request, UI_BUNDLES[request.language]),
  );
}
