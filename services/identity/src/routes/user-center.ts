import {
  type AgentInfo,
  EnvelopeSchema,
  Limits,
  UserCenterAgentRespSchema,
  UserCenterPersonalBrandingSchema,
  UserCenterUserSettingsRespSchema,
} from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';

const API = '/answer/api/v1';

/** The handler answers the agent's fields empty, not absent, when no user center is configured. */
const NO_AGENT: AgentInfo = {
  name: '',
  display_name: '',
  icon: '',
  url: '',
  login_redirect_url: '',
  sign_up_redirect_url: '',
  control_center: [],
  enabled_original_user_system: true,
};

/** Where the reference sends a browser that comes to a user center's redirect or callback when there is none. */
const NO_USER_CENTER_PAGE = '/404';

/**
 * The user center's routes. No user center takes over sign-in in Agora: its external logins are the connectors
 * (`connector/*`, docs/adr/0065-external-logins.md), and these answer as the reference does without a user
 * center agent: not enabled, nothing to add, and the browser trips sent to the 404 page.
 */
export async function userCenterRoutes(app: HttpApp) {
  app.get(
    `${API}/user-center/agent`,
    { config: { auth: 'none' }, schema: { response: { 200: EnvelopeSchema(UserCenterAgentRespSchema) } } },
    async (request) => ok(request, { enabled: false, agent_info: NO_AGENT }),
  );

  // Agora's own profile and account screens serve a member's settings.
  app.get(
    `${API}/user-center/user/settings`,
    { config: { auth: 'user' }, schema: { response: { 200: EnvelopeSchema(UserCenterUserSettingsRespSchema) } } },
    async (request) =>
      ok(request, {
        profile_setting_agent: { enabled: false, redirect_url: '' },
        account_setting_agent: { enabled: false, redirect_url: '' },
      }),
  );

  app.get(
    `${API}/user-center/personal/branding`,
    {
      config: { auth: 'none' },
      schema: {
        querystring: Type.Object({
          username: Type.Optional(Type.String({ maxLength: Limits.user.usernameMaxLength })),
        }),
        response: { 200: EnvelopeSchema(UserCenterPersonalBrandingSchema) },
      },
    },
    async (request) => ok(request, { enabled: false, personal_branding: [] }),
  );

  // A user center's sign-in and sign-up trips: without one there is nowhere to go, as the reference answers.
  for (const path of ['login/redirect', 'sign-up/redirect', 'login/callback', 'sign-up/callback']) {
    app.get(`${API}/user-center/${path}`, { config: { auth: 'none' } }, async (_request, reply) =>
      reply.redirect(NO_USER_CENTER_PAGE, 302),
    );
  }
}
