/** External logins' constants, free of schemas so the web app can import them. */
/** Lifetimes of a sign-in through an external provider (state and pending binding), in milliseconds. */
export const ConnectorLifetimes = {
  /** From leaving for the provider to coming back: the state, nonce and PKCE verifier are spent once within it. */
  loginStateMs: 10 * 60 * 1000,
  /** A provider's account waiting for an e-mail to be proven before it is bound. */
  bindingMs: 10 * 60 * 1000,
} as const;

/**
 * The cookie that binds a trip to a provider to the browser that started it (docs/adr/0089-login-state-bound-to-the-browser.md):
 * one per trip, named by this prefix and a short id of the trip's state, sent back only to the connector routes
 * below the site's path, and kept as long as the state (`ConnectorLifetimes.loginStateMs`).
 */
export const ConnectorTripCookie = {
  prefix: 'agora_trip_',
  /** Hex digits of the state's SHA-256 that end the cookie's name: two tabs' trips never share a cookie. */
  idLength: 16,
  path: '/answer/api/v1/connector/',
} as const;

/** The kinds of external login identity speaks. */
export const ConnectorKind = { oidc: 'oidc', oauth2: 'oauth2' } as const;
export type ConnectorKindName = (typeof ConnectorKind)[keyof typeof ConnectorKind];

/** A provider's settings an admin starts a connector from; the client id and secret are the admin's to add. */
export interface ConnectorPreset {
  kind: ConnectorKindName;
  issuer: string;
  authorization_url: string;
  token_url: string;
  api_url: string;
  scopes: string;
  button_label: string;
  /** One of the icon names the web app draws (@mui/icons-material). */
  icon: string;
}

/**
 * Well-known providers on the two connectors: the messaging workspace's OpenID Connect login (its ID token carries
 * `email`, `email_verified` and the workspace's own `https://slack.com/...` claims), an enterprise one, and the
 * developer community's OAuth2 login.
 */
export const ConnectorPresets = {
  slack: {
    kind: ConnectorKind.oidc,
    issuer: 'https://slack.com',
    authorization_url: '',
    token_url: '',
    api_url: '',
    scopes: 'openid email profile',
    button_label: 'Slack',
    icon: 'Forum',
  },
  google: {
    kind: ConnectorKind.oidc,
    issuer: 'https://accounts.google.com',
    authorization_url: '',
    token_url: '',
    api_url: '',
    scopes: 'openid email profile',
    button_label: 'Google',
    icon: 'Google',
  },
  github: {
    kind: ConnectorKind.oauth2,
    issuer: '',
    authorization_url: 'https://github.com/login/oauth/authorize',
    token_url: 'https://github.com/login/oauth/access_token',
    api_url: 'https://api.github.com',
    scopes: 'read:user user:email',
    button_label: 'GitHub',
    icon: 'GitHub',
  },
} as const satisfies Record<string, ConnectorPreset>;
export type ConnectorPresetName = keyof typeof ConnectorPresets;

/** Where a sign-in through a provider ends up in the web app. */
export const ConnectorPages = {
  landing: '/users/auth-landing',
  confirmEmail: '/users/confirm-email',
  failed: '/user-center/auth-failed',
  accountSettings: '/users/settings/account',
} as const;

/** Why a sign-in through a provider failed (`/user-center/auth-failed?reason=`). */
export const ConnectorFailure = {
  invalidState: 'invalid_state',
  providerError: 'provider_error',
  providerDown: 'provider_down',
  tokenRejected: 'token_rejected',
  emailPermission: 'email_permission',
  accountUnavailable: 'account_unavailable',
  registrationClosed: 'registration_closed',
  emailDomainNotAllowed: 'email_domain_not_allowed',
  alreadyLinked: 'already_linked',
} as const;
export type ConnectorFailureReason = (typeof ConnectorFailure)[keyof typeof ConnectorFailure];

/** The mask the admin reads in place of a stored secret; sending it back keeps the secret. */
export const MASKED_SECRET = '********';
