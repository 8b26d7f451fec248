import { ConnectorInfoSchema, ConnectorUserInfoSchema, EnvelopeSchema } from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { ExternalLogins, TripStep } from '../commands/external-logins';
import { Email } from './schemas';

const Name = Type.Object({ name: Type.String({ minLength: 1, maxLength: 40 }) });
const API = '/answer/api/v1';

const CallbackParam = Type.Optional(Type.String({ maxLength: 4096 }));
/** What a provider sends back to the redirect URI (the code or an error, the state, its issuer); nothing else is passed on. */
const CallbackQuery = Type.Object({
  code: CallbackParam,
  state: CallbackParam,
  iss: CallbackParam,
  error: CallbackParam,
  error_description: CallbackParam,
});

/**
 * Sets or clears the trip's cookie, which binds it to this browser (docs/adr/0089-login-state-bound-to-the-browser.md);
 * a reply that sets a cookie is never stored by a cache.
 */
function withTripCookie(reply: { header(name: string, value: string): unknown }, step: TripStep): void {
  if (!step.cookie) return;
  reply.header('set-cookie', step.cookie);
  reply.header('cache-control', 'no-store');
}

/** External logins (docs/adr/0065-external-logins.md): the buttons, the trip to a provider and back, binding. */
export async function connectorRoutes(app: HttpApp, logins: ExternalLogins) {
  app.get(
    `${API}/connector/info`,
    { config: { auth: 'none' }, schema: { response: { 200: EnvelopeSchema(Type.Array(ConnectorInfoSchema)) } } },
    async (request) => {
      const connectors = (await logins.settings.list()).filter((connector) => connector.enabled);
      return ok(
        request,
        connectors.map((connector) => ({
          name: connector.button_label,
          icon: connector.icon,
          link: `${API}/connector/login/${connector.name}`,
        })),
      );
    },
  );

  // Leaves for the provider: a fresh state, nonce and PKCE challenge, and the cookie that binds them to this browser.
  app.get(
    `${API}/connector/login/:name`,
    { config: { auth: 'none' }, schema: { params: Name } },
    async (request, reply) => {
      const step = await logins.start(request.params.name, null);
      withTripCookie(reply, step);
      return reply.redirect(step.url);
    },
  );

  // Signed in, the account settings link another provider: the URL to leave for (a browser trip carries no token).
  app.post(
    `${API}/connector/link/:name`,
    {
      config: { auth: 'user' },
      schema: { params: Name, response: { 200: EnvelopeSchema(Type.Object({ url: Type.String() })) } },
    },
    async (request, reply) => {
      // The browser keeps the cookie of this answer and opens the URL: the trip is bound to it as a sign-in's is.
      const step = await logins.start(request.params.name, request.actor.id);
      withTripCookie(reply, step);
      return ok(request, { url: step.url });
    },
  );

  // Back from the provider in the browser that left: the code exchanged, the ID token checked, then signed in,
  // bound or refused; the trip's cookie cleared.
  app.get(
    `${API}/connector/redirect/:name`,
    {
      config: { auth: 'none' },
      schema: { params: Name, querystring: CallbackQuery },
    },
    async (request, reply) => {
      const step = await logins.finish(request.params.name, request.query, request.headers.cookie);
      withTripCookie(reply, step);
      return reply.redirect(step.url);
    },
  );

  app.post(
    `${API}/connector/binding/email`,
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object({
          binding_key: Type.String({ minLength: 1, maxLength: 100 }),
          email: Email,
          must: Type.Optional(Type.Boolean()),
        }),
        response: {
          200: EnvelopeSchema(
            Type.Object({ access_token: Type.String(), email_exist_and_must_be_confirmed: Type.Boolean() }),
          ),
        },
      },
    },
    async (request) => {
      const { binding_key, email, must } = request.body;
      return ok(request, await logins.bindEmail(binding_key, email.trim(), must ?? false));
    },
  );

  app.get(
    `${API}/connector/user/info`,
    { config: { auth: 'user' }, schema: { response: { 200: EnvelopeSchema(Type.Array(ConnectorUserInfoSchema)) } } },
    async (request) => {
      const rows = await logins.ofMember(request.actor.id);
      return ok(
        request,
        rows.map((row) => ({
          name: row.button_label,
          icon: row.icon,
          link: `${API}/connector/link/${row.name}`,
          binding: row.external_id !== null,
          external_id: row.external_id ?? '',
        })),
      );
    },
  );

  app.delete(
    `${API}/connector/user/unbinding`,
    {
      config: { auth: 'user' },
      schema: {
        body: Type.Object({ external_id: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => {
      await logins.unlink(request.actor.id, request.body.external_id);
      return ok(request, null);
    },
  );
}
