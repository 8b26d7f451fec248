import {
  CONNECTOR_PLUGIN_PREFIX,
  CONNECTOR_PLUGIN_VERSION,
  EnvelopeSchema,
  MASKED_SECRET,
  PluginConfigQuerySchema,
  PluginConfigRespSchema,
  UpdatePluginConfigReqSchema,
  UpdatePluginStatusReqSchema,
  UserPluginConfigRespSchema,
  UserPluginSchema,
} from '@agora/contracts';
import { errors, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { ExternalLogins } from '../commands/external-logins';
import { connectorConfigFields, connectorFromForm } from '../connectors/connector-plugin-form';
import { connectorProblems } from './admin-connectors';

const API = '/answer/api/v1';

/**
 * External logins as plugins (docs/adr/0073-built-in-plugins.md): the gateway sends the plugin switch of a
 * `connector_<name>` here, where the connector's settings live; and the members' own plugin settings, which no
 * plugin of Agora has.
 */
export async function connectorPluginRoutes(app: HttpApp, logins: ExternalLogins) {
  /** The connector a `connector_<name>` plugin slug names, else 404. */
  const connectorOf = async (slug: string) => {
    const name = slug.startsWith(CONNECTOR_PLUGIN_PREFIX) ? slug.slice(CONNECTOR_PLUGIN_PREFIX.length) : '';
    const connector = name ? await logins.settings.find(name) : undefined;
    if (!connector) throw errors.notFound();
    return connector;
  };

  app.get(
    '/answer/admin/api/plugin/config',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin: plugins'],
        querystring: PluginConfigQuerySchema,
        response: { 200: EnvelopeSchema(PluginConfigRespSchema) },
      },
    },
    async (request) => {
      const connector = await connectorOf(request.query.plugin_slug_name);
      return ok(request, {
        name: connector.button_label,
        slug_name: request.query.plugin_slug_name,
        description: logins.settings.redirectUri(connector.name),
        version: CONNECTOR_PLUGIN_VERSION,
        config_fields: connectorConfigFields(await logins.settings.forAdmin(connector), request.language),
      });
    },
  );

  app.put(
    '/answer/admin/api/plugin/config',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin: plugins'],
        body: UpdatePluginConfigReqSchema,
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => {
      const { updated_at: _, ...stored } = await connectorOf(request.body.plugin_slug_name);
      const { settings, problems } = connectorFromForm(stored, request.body.config_fields);
      // The mask sent back keeps the stored secret, as the connector page's save does.
      if (settings.client_secret === MASKED_SECRET) settings.client_secret = '';
      problems.push(...connectorProblems(settings, true));
      if (problems.length > 0) throw errors.fields(...problems);
      await logins.settings.save(settings, request.actor.id);
      return ok(request, null);
    },
  );

  app.put(
    '/answer/admin/api/plugin/status',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin: plugins'],
        body: UpdatePluginStatusReqSchema,
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => {
      const { plugin_slug_name, enabled } = request.body;
      const { updated_at: _, ...settings } = await connectorOf(plugin_slug_name);
      // An empty secret keeps the stored one.
      if (settings.enabled !== enabled)
        await logins.settings.save({ ...settings, enabled, client_secret: '' }, request.actor.id);
      return ok(request, null);
    },
  );

  app.get(
    `${API}/user/plugin/configs`,
    {
      config: { auth: 'user' },
      schema: { response: { 200: EnvelopeSchema(Type.Array(UserPluginSchema)) } },
    },
    async (request) => ok(request, []),
  );
  // No plugin of Agora has settings of a member's own, so every plugin named is unknown.
  app.get(
    `${API}/user/plugin/config`,
    {
      config: { auth: 'user' },
      schema: { querystring: PluginConfigQuerySchema, response: { 200: EnvelopeSchema(UserPluginConfigRespSchema) } },
    },
    async () => {
      throw errors.notFound();
    },
  );
  app.put(
    `${API}/user/plugin/config`,
    {
      config: { auth: 'user' },
      schema: {
        body: UpdatePluginConfigReqSchema,
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async () => {
      throw errors.notFound();
    },
  );
}
