import {
  type AgentInfo,
  ConnectorInfoSchema,
  ConnectorUserInfoSchema,
  EnvelopeSchema,
  UserCenterAgentRespSchema,
  UserPluginSchema,
} from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';

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
    { config: { auth: 'none' }, schema: { response: { 200: EnvelopeSchema(UserCenterAgentRespSchema) } } },
    async (request) => ok(request, { enabled: false, agent_info: NO_AGENT }),
  );
}
