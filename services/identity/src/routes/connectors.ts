import { EnvelopeSchema } from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';

/** The reference's `ConnectorInfoResp`: a sign-in button of an external login. */
const ConnectorInfoSchema = Type.Object({ icon: Type.String(), link: Type.String(), name: Type.String() });
/** `ConnectorUserInfoResp`: an external login and whether the member has bound it. */
const ConnectorUserInfoSchema = Type.Object({
  binding: Type.Boolean(),
  external_id: Type.String(),
  icon: Type.String(),
  link: Type.String(),
  name: Type.String(),
});
/** `GetUserPluginListResp`: a plugin with settings of the member's own. */
const UserPluginSchema = Type.Object({ name: Type.String(), slug_name: Type.String() });
/** `UserCenterAgentResp`: an external user center that would replace Agora's own accounts. */
const UserCenterAgentSchema = Type.Object({
  enabled: Type.Boolean(),
  agent_info: Type.Object({
    name: Type.String(),
    display_name: Type.String(),
    icon: Type.String(),
    url: Type.String(),
    login_redirect_url: Type.String(),
    sign_up_redirect_url: Type.String(),
    control_center: Type.Array(Type.Object({ name: Type.String(), label: Type.String(), url: Type.String() })),
    enabled_original_user_system: Type.Boolean(),
  }),
});

const NO_USER_CENTER = {
  enabled: false,
  agent_info: {
    name: '',
    display_name: '',
    icon: '',
    url: '',
    login_redirect_url: '',
    sign_up_redirect_url: '',
    control_center: [],
    enabled_original_user_system: true,
  },
};

/**
 * What the web client asks on every page about external logins and a user center. None is configured
 * yet (external logins are planned, see DESIGN §1): the lists are empty and the user center is off, so
 * Agora's own accounts are the only way in.
 */
export async function connectorRoutes(app: HttpApp) {
  app.get(
    '/answer/api/v1/connector/info',
    { config: { auth: 'none' }, schema: { response: { 200: EnvelopeSchema(Type.Array(ConnectorInfoSchema)) } } },
    async (request) => ok(request, []),
  );
  app.get(
    '/answer/api/v1/connector/user/info',
    { config: { auth: 'user' }, schema: { response: { 200: EnvelopeSchema(Type.Array(ConnectorUserInfoSchema)) } } },
    async (request) => ok(request, []),
  );
  app.get(
    '/answer/api/v1/user/plugin/configs',
    { config: { auth: 'user' }, schema: { response: { 200: EnvelopeSchema(Type.Array(UserPluginSchema)) } } },
    async (request) => ok(request, []),
  );
  app.get(
    '/answer/api/v1/user-center/agent',
    { config: { auth: 'none' }, schema: { response: { 200: EnvelopeSchema(UserCenterAgentSchema) } } },
    async (request) => ok(request, NO_USER_CENTER),
  );
}
