import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { HttpApp } from '@agora/platform';
import helmet from '@fastify/helmet';

/** Each response's script nonce, made when its Content-Security-Policy header is written. */
const scriptNonces = new WeakMap<ServerResponse, string>();

/** The nonce this response's policy allows inline scripts with (the shell's import map carries it). */
export function scriptNonceOf(response: ServerResponse): string {
  const nonce = scriptNonces.get(response);
  if (!nonce) throw new Error('no Content-Security-Policy nonce on this response');
  return nonce;
}

function freshNonce(_request: unknown, response: ServerResponse): string {
  const nonce = randomBytes(16).toString('base64');
  scriptNonces.set(response, nonce);
  return `'nonce-${nonce}'`;
}

/**
 * The security headers of every gateway response (DESIGN §9, Security headers), by @fastify/helmet: a
 * Content-Security-Policy without inline script (a fresh nonce per response for the import map),
 * framing refused, `nosniff`, `strict-origin-when-cross-origin`, and HSTS only when the site is served
 * over https. A header a service sets itself (the sandboxing policy of uploads) replaces the gateway's.
 */
export async function registerSecurityHeaders(app: HttpApp, options: { siteUrl: string }): Promise<void> {
  const https = new URL(options.siteUrl).protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", freshNonce],
        scriptSrcAttr: ["'none'"],
        // MUI's emotion writes <style> elements at run time (a style nonce would have to reach every
        // micro-frontend's emotion cache); styles cannot run script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars (gravatar at an admin-set address, custom URLs) and images in posts come from anywhere;
        // posts may carry raster data: URLs (the sanitiser keeps only those).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
  });
}
