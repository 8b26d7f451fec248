import type { ConnectorRow } from './connector-settings';
import type { ProviderAccount } from './provider-account';

export interface AuthorizationChecks {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export interface CallbackChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** One kind of provider: where to send the browser, and who came back. */
export interface ProviderConnector {
  authorizationUrl(connector: ConnectorRow, secret: string, checks: AuthorizationChecks): Promise<string>;
  finish(connector: ConnectorRow, secret: string, callbackUrl: URL, checks: CallbackChecks): Promise<ProviderAccount>;
}
