import type { HttpApp } from '@agora/platform';
import type { SigningKeys } from '../security/signing-keys';

/** Not under a public prefix, so the gateway never routes it: how the gateway learns the public keys. */
export async function internalRoutes(app: HttpApp, keys: SigningKeys) {
  app.get('/internal/jwks', { schema: { hide: true } }, async () => ({ keys: await keys.jwks() }));
}
