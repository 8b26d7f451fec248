import {
  ADMIN_API_PREFIX,
  builtInPlugin,
  CaptchaConfigRespSchema,
  CUSTOM_CSS_PATH,
  EMBED_PLATFORMS,
  EmbedConfigSchema,
  EnvelopeSchema,
  PluginConfigQuerySchema,
  PluginConfigRespSchema,
  PluginListItemSchema,
  PluginListQuerySchema,
  PluginSlug,
  PluginStatusItemSchema,
  RenderConfigSchema,
  type SidebarConfig,
  SidebarConfigSchema,
  UpdatePluginConfigReqSchema,
  UpdatePluginStatusReqSchema,
} from '@agora/contracts';
import { errors, type HttpApp, loadSiteSettings, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import { configOf, isEnabled, pluginConfigResp, pluginList } from '../plugins/catalog';
import { savePluginConfig, setPluginEnabled } from '../plugins/save';
import { listPluginConnectors } from '../queries/plugin-connectors';

const API = '/answer/api/v1';
const ADMIN = { auth: 'admin' as const };
const NONE = { auth: 'none' as const };
const Null = Type.Null();

/** A built-in plugin named by a request, else 404 (connectors' routes are identity's, by the gateway). */
function pluginNamed(slug: string) {
  const plugin = builtInPlugin(slug);
  if (!plugin) throw errors.notFound();
  return plugin;
}

/**
 * The built-in plugins (docs/adr/0073-built-in-plugins.md): the admin's list, switches and settings forms, and
 * the public reads of each plugin's settings the web app draws with; and the admin's custom CSS.
 */
export async function pluginRoutes(app: HttpApp, context: ServiceContext) {
  const settings = () => context.siteSettings();

  app.get(
    `${API}/plugin/status`,
    {
      config: NONE,
      schema: { tags: ['site'], response: { 200: EnvelopeSchema(Type.Array(PluginStatusItemSchema)) } },
    },
    async (request) => {
      const current = await settings();
      const connectors = await listPluginConnectors(context.database.db);
      return ok(
        request,
        pluginList(current, connectors, request.language)
          .filter((item) => item.enabled)
          .map(({ slug_name, enabled }) => ({ slug_name, enabled })),
      );
    },
  );

  app.get(
    `${ADMIN_API_PREFIX}/plugins`,
    {
      config: ADMIN,
      schema: {
        tags: ['admin: plugins'],
        querystring: PluginListQuerySchema,
        response: { 200: EnvelopeSchema(Type.Array(PluginListItemSchema)) },
      },
    },
    async (request) => {
      const { status, have_config } = request.query;
      const current = await loadSiteSettings(context.database.db, context.config.siteUrl);
      const connectors = await listPluginConnectors(context.database.db);
      const list = pluginList(current, connectors, request.language).filter(
        (item) =>
          (!status || item.status === status) && (have_config === undefined || item.have_config === have_config),
      );
      return ok(request, list);
    },
  );

  app.put(
    `${ADMIN_API_PREFIX}/plugin/status`,
    {
      config: ADMIN,
      schema: { tags: ['admin: plugins'], body: UpdatePluginStatusReqSchema, response: { 200: EnvelopeSchema(Null) } },
    },
    async (request) => {
      await setPluginEnabled(
        context,
        pluginNamed(request.body.plugin_slug_name),
        request.body.enabled,
        request.actor.id,
      );
      return ok(request, null);
    },
  );

  app.get(
    `${ADMIN_API_PREFIX}/plugin/config`,
    {
      config: ADMIN,
      schema: {
        tags: ['admin: plugins'],
        querystring: PluginConfigQuerySchema,
        response: { 200: EnvelopeSchema(PluginConfigRespSchema) },
      },
    },
    async (request) => {
      const current = await loadSiteSettings(context.database.db, context.config.siteUrl);
      return ok(request, pluginConfigResp(pluginNamed(request.query.plugin_slug_name), current, request.language));
    },
  );

  app.put(
    `${ADMIN_API_PREFIX}/plugin/config`,
    {
      config: ADMIN,
      schema: { tags: ['admin: plugins'], body: UpdatePluginConfigReqSchema, response: { 200: EnvelopeSchema(Null) } },
    },
    async (request) => {
      const { plugin_slug_name, config_fields } = request.body;
      await savePluginConfig(context, pluginNamed(plugin_slug_name), config_fields, request.actor.id);
      return ok(request, null);
    },
  );

  // The public reads: each answers the plugin's settings while it is on (the web app asks only then).
  app.get(
    `${API}/captcha/config`,
    { config: NONE, schema: { tags: ['site'], response: { 200: EnvelopeSchema(CaptchaConfigRespSchema) } } },
    async (request) => {
      const captcha = pluginNamed(PluginSlug.captcha);
      const current = await settings();
      if (!isEnabled(captcha, current)) throw errors.notFound();
      return ok(request, { slug_name: captcha.slug_name, config: configOf(captcha, current) });
    },
  );

  app.get(
    `${API}/embed/config`,
    { config: NONE, schema: { tags: ['site'], response: { 200: EnvelopeSchema(Type.Array(EmbedConfigSchema)) } } },
    async (request) => {
      const embed = pluginNamed(PluginSlug.embed);
      const current = await settings();
      const on = isEnabled(embed, current);
      const config = configOf(embed, current);
      return ok(
        request,
        EMBED_PLATFORMS.map((platform) => ({ platform, enable: on && config[platform] === true })),
      );
    },
  );

  app.get(
    `${API}/render/config`,
    { config: NONE, schema: { tags: ['site'], response: { 200: EnvelopeSchema(RenderConfigSchema) } } },
    async (request) => {
      const render = pluginNamed(PluginSlug.render);
      const current = await settings();
      const theme = isEnabled(render, current) ? configOf(render, current).select_theme : '';
      return ok(request, { select_theme: typeof theme === 'string' ? theme : '' });
    },
  );

  app.get(
    `${API}/sidebar/config`,
    { config: NONE, schema: { tags: ['site'], response: { 200: EnvelopeSchema(SidebarConfigSchema) } } },
    async (request) => {
      const sidebar = pluginNamed(PluginSlug.sidebar);
      const current = await settings();
      if (!isEnabled(sidebar, current)) return ok(request, { tags: [], links_text: '' });
      const config = configOf(sidebar, current) as Partial<SidebarConfig>;
      return ok(request, { tags: config.tags ?? [], links_text: config.links_text ?? '' });
    },
  );

  app.get(CUSTOM_CSS_PATH, { config: NONE, schema: { hide: true } }, async (_request, reply) => {
    const { custom_css_html } = await loadSiteSettings(context.database.db, context.config.siteUrl);
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(custom_css_html.custom_css);
  });
}
