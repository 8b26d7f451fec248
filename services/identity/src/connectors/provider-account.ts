import type { ConnectorFailureReason } from '@agora/contracts';

/** Who the provider says came back: its stable id for the account, and what it tells about the e-mail. */
export interface ProviderAccount {
  externalId: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
}

/** A sign-in through a provider that cannot go on; the reason picks the message of the failure page. */
export class ConnectorFailed extends Error {
  constructor(
    readonly reason: ConnectorFailureReason,
    cause?: unknown,
  ) {
    super(reason, { cause });
  }
}

/** Providers on this machine may speak plain HTTP (a local identity provider, the tests); others must use HTTPS. */
export function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}
