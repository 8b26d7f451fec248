import {
  ConnectorKind,
  ConnectorPresetSchema,
  ConnectorPresets,
  type ConnectorSettings,
  ConnectorSettingsRespSchema,
  ConnectorSettingsSchema,
  EnvelopeSchema,
  UserCenterAdminFunctionAgentRespSchema,
} from '@agora/contracts';
import { errors, type FieldProblem, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { ExternalLogins } from '../commands/external-logins';

const ADMIN = { auth: 'admin' as const };
const OAUTH2_URLS = ['authorization_url', 'token_url', 'api_url'] as const;

/** What a connector's settings need beyond their schema: its kind's URLs, and a secret for a new one. */
export function connectorProblems(input: ConnectorSettings, exists: boolean): FieldProblem[] {
  const urls = input.kind === ConnectorKind.oidc ? (['issuer'] as const) : OAUTH2_URLS;
  const problems: FieldProblem[] = urls
    .filter((field) => !/^https?:\/\//.test(input[field]) || !URL.canParse(input[field]))
    .map((field) => ({ field, key: 'validation.url' }));
  if (!exists && input.client_secret === '') problems.push({ field: 'client_secret', key: 'validation.required' });
  return problems;
}

/** The admin's external logins: list, read (secret masked) and save (docs/adr/0065-external-logins.md). */
export async function adminConnectorRoutes(app: HttpApp, logins: ExternalLogins) {
  app.get(
    '/answer/admin/api/connectors',
    { config: ADMIN, schema: { response: { 200: EnvelopeSchema(Type.Array(ConnectorSettingsRespSchema)) } } },
    async (request) => {
      const rows = await logins.settings.list();
      return ok(request, await Promise.all(rows.map((row) => logins.settings.forAdmin(row))));
    },
  );

  // Well-known providers (the messaging workspace's, an enterprise one, the developer community's) to start from.
  app.get(
    '/answer/admin/api/connector/presets',
    { config: ADMIN, schema: { response: { 200: EnvelopeSchema(Type.Array(ConnectorPresetSchema)) } } },
    async (request) =>
      ok(
        request,
        Object.entries(ConnectorPresets).map(([preset, settings]) => ({ preset, ...settings })),
      ),
  );

  app.put(
    '/answer/admin/api/connector',
    { config: ADMIN, schema: { body: ConnectorSettingsSchema, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      const input = request.body;
      const problems = connectorProblems(input, Boolean(await logins.settings.find(input.name)));
      if (problems.length > 0) throw errors.fields(...problems);
      await logins.settings.save(input, request.actor.id);
      return ok(request, null);
    },
  );

  // External logins sign members in; the members themselves stay Agora's to create, suspend and change.
  app.get(
    '/answer/admin/api/user-center/agent',
    { config: ADMIN, schema: { response: { 200: EnvelopeSchema(UserCenterAdminFunctionAgentRespSchema) } } },
    async (request) =>
      ok(request, {
        allow_create_user: true,
        allow_update_user_status: true,
        allow_update_user_password: true,
        allow_update_user_role: true,
      }),
  );
}
