import { type Static, Type } from 'typebox';
import { ConnectorKind } from './connector-constants';

export * from './connector-constants';

const ConnectorName = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9][a-z0-9-]*$' });

/** The admin's settings of one connector; the client secret is write-only (masked on read). */
export const ConnectorSettingsSchema = Type.Object({
  name: ConnectorName,
  kind: Type.Union([Type.Literal(ConnectorKind.oidc), Type.Literal(ConnectorKind.oauth2)]),
  enabled: Type.Boolean(),
  /** OpenID Connect: the issuer discovered from `/.well-known/openid-configuration`. */
  issuer: Type.String({ maxLength: 512 }),
  /** OAuth2 (GitHub style): the authorization, token and API endpoints. */
  authorization_url: Type.String({ maxLength: 512 }),
  token_url: Type.String({ maxLength: 512 }),
  api_url: Type.String({ maxLength: 512 }),
  client_id: Type.String({ minLength: 1, maxLength: 256 }),
  client_secret: Type.String({ maxLength: 512 }),
  scopes: Type.String({ maxLength: 512 }),
  button_label: Type.String({ minLength: 1, maxLength: 60 }),
  /** An icon name the web app draws (@mui/icons-material), or a URL of an image. */
  icon: Type.String({ maxLength: 512 }),
});
export type ConnectorSettings = Static<typeof ConnectorSettingsSchema>;

/** What the admin reads back: the secret masked, and the redirect URI to register at the provider. */
export const ConnectorSettingsRespSchema = Type.Object({
  ...ConnectorSettingsSchema.properties,
  client_secret_set: Type.Boolean(),
  redirect_uri: Type.String(),
});
export type ConnectorSettingsResp = Static<typeof ConnectorSettingsRespSchema>;

/** A well-known provider's settings to start a connector from (`ConnectorPresets`), by its preset name. */
export const ConnectorPresetSchema = Type.Object({
  preset: Type.String(),
  kind: ConnectorSettingsSchema.properties.kind,
  issuer: Type.String(),
  authorization_url: Type.String(),
  token_url: Type.String(),
  api_url: Type.String(),
  scopes: Type.String(),
  button_label: Type.String(),
  icon: Type.String(),
});
export type ConnectorPresetResp = Static<typeof ConnectorPresetSchema>;
