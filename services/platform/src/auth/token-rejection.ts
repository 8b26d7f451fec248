/** A token signed with a key this service does not know (forged, or from another installation). */
export class UnknownSigningKeyError extends Error {
  override name = 'UnknownSigningKeyError';
  readonly code = 'AGORA_UNKNOWN_SIGNING_KEY';
  constructor() {
    super('unknown signing key');
  }
}

/**
 * Whether verifying a token failed because of the token itself (malformed, badly signed, expired, a key
 * nobody knows): such a caller is anonymous. Anything else (the database gone while the key or the
 * session is looked up) is the service's failure and must not sign anyone out.
 */
export function isTokenRejection(error: unknown): boolean {
  if (error instanceof UnknownSigningKeyError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('FST_JWT_') || code.startsWith('FAST_JWT_'));
}
