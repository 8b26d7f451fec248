import { AGORA_VERSION, EnvelopeSchema, LegalInfoSchema, SiteInfoSchema, toSiteInfo } from '@agora/contracts';
import {
  type HttpApp,
  loadSiteSettings,
  ok,
  ReadModelCache,
  type ServiceContext,
  stampReadVersion,
} from '@agora/platform';
import { Type } from 'typebox';
import { ASSISTANT_SWITCHES_TOPIC, loadAssistantSwitches } from '../projections/assistant-switches';

export async function siteinfoRoutes(app: HttpApp, context: ServiceContext) {
  const build = { version: AGORA_VERSION, revision: process.env.AGORA_REVISION ?? '' };
  // Kept until the assistant's switches change (their own topic), so a page view still makes no query.
  const switches = new ReadModelCache<Awaited<ReturnType<typeof loadAssistantSwitches>>>(
    context.changes.topic(ASSISTANT_SWITCHES_TOPIC),
    1,
  );

  app.get(
    '/answer/api/v1/siteinfo',
    { config: { auth: 'none' }, schema: { tags: ['site'], response: { 200: EnvelopeSchema(SiteInfoSchema) } } },
    // The settings as kept until they change: a visitor's page view reads this without a query, and the reply is
    // marked with the version they were read at (docs/adr/0071-public-page-caching.md).
    async (request, reply) => {
      stampReadVersion(reply, context.changes.token);
      const [settings, assistant] = await Promise.all([
        context.siteSettings(),
        switches.get('switches', () => loadAssistantSwitches(context.database.db)),
      ]);
      return ok(request, { ...toSiteInfo(settings, build), ...assistant });
    },
  );

  app.get(
    '/answer/api/v1/siteinfo/legal',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['site'],
        querystring: Type.Object({ info_type: Type.Union([Type.Literal('tos'), Type.Literal('privacy')]) }),
        response: { 200: EnvelopeSchema(LegalInfoSchema) },
      },
    },
    async (request) => {
      const { policies } = await loadSiteSettings(context.database.db, context.config.siteUrl);
      const tos = request.query.info_type === 'tos';
      return ok(request, {
        terms_of_service_original_text: tos ? policies.terms_of_service_original_text : '',
        terms_of_service_parsed_text: tos ? policies.terms_of_service_parsed_text : '',
        privacy_policy_original_text: tos ? '' : policies.privacy_policy_original_text,
        privacy_policy_parsed_text: tos ? '' : policies.privacy_policy_parsed_text,
      });
    },
  );
}
