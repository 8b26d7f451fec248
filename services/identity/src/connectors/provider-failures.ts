import { ConnectorFailure } from '@agora/contracts';
import * as client from 'openid-client';
import { ConnectorFailed } from './provider-account';

/** What went wrong talking to a provider, as the failure page names it. */
export function failureOf(error: unknown): ConnectorFailed {
  if (error instanceof ConnectorFailed) return error;
  if (error instanceof client.AuthorizationResponseError)
    return new ConnectorFailed(ConnectorFailure.providerError, error);
  if (error instanceof client.ResponseBodyError) return new ConnectorFailed(ConnectorFailure.tokenRejected, error);
  const code = (error as { code?: string } | null)?.code ?? '';
  // openid-client's checks of the ID token (audience, issuer, signature, expiry, nonce) and of the response.
  if (code.startsWith('OAUTH_') && code !== 'OAUTH_RESPONSE_IS_NOT_CONFORM')
    return new ConnectorFailed(ConnectorFailure.tokenRejected, error);
  return new ConnectorFailed(ConnectorFailure.providerDown, error);
}
