import { CUSTOM_CSS_PATH, EnvelopeSchema } from '@agora/contracts';
import { type HttpApp, loadSiteSettings, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';

/** The reference's `GetAllPluginStatusResp`: which plugins are on. */
const PluginStatusSchema = Type.Object({ slug_name: Type.String(), enabled: Type.Boolean() });

/**
 * What the web client asks on every page about plugins, and the admin's custom CSS. Agora has no
 * plugins: its features are built in, so the list of active plugins is empty.
 */
export async function pluginRoutes(app: HttpApp, context: ServiceContext) {
  app.get(
    '/answer/api/v1/plugin/status',
    {
      config: { auth: 'none' },
      schema: { tags: ['site'], response: { 200: EnvelopeSchema(Type.Array(PluginStatusSchema)) } },
    },
    async (request) => ok(request, []),
  );

  app.get(CUSTOM_CSS_PATH, { config: { auth: 'none' }, schema: { hide: true } }, async (_request, reply) => {
    const { custom_css_html } = await loadSiteSettings(context.database.db, context.config.siteUrl);
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(custom_css_html.custom_css);
  });
}
