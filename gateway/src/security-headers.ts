import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpApp } from '@agora/platform';
import helmet, { contentSecurityPolicy } from 'helmet';

type Directives = Record<string, Iterable<string | ((req: IncomingMessage, res: ServerResponse) => string)> | null>;

/** Each page response's script nonce, made when its Content-Security-Policy header is written. */
const scriptNonces = new WeakMap<ServerResponse, string>();

function freshNonce(_request: IncomingMessage, response: ServerResponse): string {
  const nonce = randomBytes(16).toString('base64');
  scriptNonces.set(response, nonce);
  return `'nonce-${nonce}'`;
}

function directives(https: boolean, scriptSrc: Directives[string]): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc,
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
  };
}

export interface SecurityHeaders {
  /** Writes the page policy, with a fresh nonce for the inline import map, and returns that nonce. */
  pageNonce(request: IncomingMessage, response: ServerResponse): string;
}

/**
 * The security headers of every gateway response (docs/adr/0040-security-headers.md), by helmet: a
 * Content-Security-Policy without inline script, framing refused, `nosniff`,
 * `strict-origin-when-cross-origin`, and HSTS only when the site is served over https. The middleware is
 * built once (not per request, as @fastify/helmet does, which cost a fifth of a cached read); the web
 * app's page gets the same policy with a fresh script nonce for its import map. A header a service sets
 * itself (the sandboxing policy of uploads) replaces the gateway's.
 */
export function registerSecurityHeaders(app: HttpApp, options: { siteUrl: string }): SecurityHeaders {
  const https = new URL(options.siteUrl).protocol === 'https:';
  const everyResponse = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(https, ["'self'"]) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
  });
  const pagePolicy = contentSecurityPolicy({
    useDefaults: false,
    directives: directives(https, ["'self'", freshNonce]),
  });
  const done = (error?: unknown) => {
    if (error) throw error;
  };
  app.addHook('onRequest', (request, reply, next) => {
    everyResponse(request.raw, reply.raw, done);
    next();
  });
  return {
    pageNonce(request, response) {
      pagePolicy(request, response, done);
      const nonce = scriptNonces.get(response);
      if (!nonce) throw new Error('no Content-Security-Policy nonce on this response');
      return nonce;
    },
  };
}
