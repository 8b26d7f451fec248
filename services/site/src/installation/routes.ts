import {
  CheckConfigFileRespSchema,
  CheckDatabaseReqSchema,
  CheckDatabaseRespSchema,
  EnvelopeSchema,
  INSTALLATION_PREFIX,
  InitBaseInfoReqSchema,
  LANGUAGE_OPTIONS,
  LanguageConfigQuerySchema,
  resolveLanguage,
  UI_BUNDLES,
} from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { Installation } from './installation';

const LanguageOptionSchema = Type.Object({ label: Type.String(), value: Type.String(), progress: Type.Integer() });
const tags = ['site'];

/** The installation API, field for field with the reference client's calls; no session is needed. */
export async function installationRoutes(app: HttpApp, installation: Installation) {
  app.get(
    `${INSTALLATION_PREFIX}/language/options`,
    { config: { auth: 'none' }, schema: { tags, response: { 200: EnvelopeSchema(Type.Array(LanguageOptionSchema)) } } },
    async (request) => ok(request, LANGUAGE_OPTIONS),
  );

  // The wizard's own translations, in the language picked on its first step (unsupported: English).
  app.get(
    `${INSTALLATION_PREFIX}/language/config`,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        querystring: LanguageConfigQuerySchema,
        response: { 200: EnvelopeSchema(Type.Record(Type.String(), Type.Unknown())) },
      },
    },
    async (request) => ok(request, UI_BUNDLES[resolveLanguage(request.query.lang)]),
  );

  app.post(
    `${INSTALLATION_PREFIX}/config-file/check`,
    { config: { auth: 'none' }, schema: { tags, response: { 200: EnvelopeSchema(CheckConfigFileRespSchema) } } },
    async (request) => ok(request, await installation.checkConfigFile()),
  );

  app.post(
    `${INSTALLATION_PREFIX}/db/check`,
    {
      config: { auth: 'none' },
      schema: { tags, body: CheckDatabaseReqSchema, response: { 200: EnvelopeSchema(CheckDatabaseRespSchema) } },
    },
    async (request) => ok(request, await installation.checkDatabase(request.body)),
  );

  app.post(
    `${INSTALLATION_PREFIX}/init`,
    {
      config: { auth: 'none' },
      schema: { tags, body: CheckDatabaseReqSchema, response: { 200: EnvelopeSchema(Type.Null()) } },
    },
    async (request) => {
      await installation.init(request.body);
      return ok(request, null);
    },
  );

  app.post(
    `${INSTALLATION_PREFIX}/base-info`,
    {
      config: { auth: 'none' },
      schema: { tags, body: InitBaseInfoReqSchema, response: { 200: EnvelopeSchema(Type.Null()) } },
    },
    async (request) => {
      await installation.baseInfo(request.body);
      return ok(request, null);
    },
  );
}
