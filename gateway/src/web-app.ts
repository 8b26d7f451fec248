import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type HttpApp, matchesEtag, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '@agora/platform';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { PageCache, PageReader } from './page-cache';
import type { SecurityHeaders } from './security-headers';

/** Marks the inline scripts of index.html (the import map); each response gets its policy's nonce there. */
const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;

/**
 * Serves the built front ends (DESIGN §7) from `root` (frontends/root/dist): `/assets/*` are content-hashed,
 * so cached for a year as immutable, and sent brotli- or gzip-compressed from the copies made at build
 * time; any other GET that is not an API route is a client route and gets `index.html`, never cached.
 * API prefixes keep their own routes (a more specific prefix always wins). The inline import map runs
 * under the page's own Content-Security-Policy nonce. With `pages`, a public page (a question) is rendered on
 * the server into index.html's layout, a wrong address of it moves to its canonical one, and an unknown one
 * answers the 404 page with status 404 (docs/adr/0066-server-rendered-public-pages.md); a rendered page is kept
 * and sent with an ETag and a Cache-Control a CDN can use (docs/adr/0071-public-page-caching.md).
 */
export interface PublicPages {
  /** The rendered pages, kept while what they were drawn from is unchanged (docs/adr/0071-public-page-caching.md). */
  cache: PageCache;
  /** The API as this request's visitor would read it without a token, in a language, and the services' versions. */
  reader: (request: FastifyRequest) => PageReader;
}

export async function serveWebApp(
  app: HttpApp,
  root: string,
  headers: SecurityHeaders,
  pages?: PublicPages,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(root, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    index: false,
    decorateReply: false,
  });
  const indexFile = path.join(root, 'index.html');
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A name with an extension outside /assets is a missing file, not a page.
    if (path.extname(pathname) !== '') return reply.callNotFound();
    // A page that cannot be rendered on the server is still the web app: index.html, drawn by the browser.
    const served = pages
      ? await pages.cache.page(request.url, pages.reader(request)).catch((error: unknown) => {
          request.log.error({ err: error }, 'server rendering failed; index.html served');
          return null;
        })
      : null;
    if (served?.kind === 'redirect') return reply.redirect(served.location, 301);
    if (served?.kind === 'page') {
      // The page is a visitor's whoever asks; a request that carries a member's token is still not kept by
      // anyone else (docs/adr/0071-public-page-caching.md).
      const shared = !request.headers.authorization;
      reply.header('cache-control', shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL).header('etag', served.etag);
      if (shared && matchesEtag(request.headers['if-none-match'], served.etag)) {
        // The browser's or CDN's copy stands, with the policy (and nonce) stored beside it: no new one here.
        reply.raw.removeHeader('content-security-policy');
        return reply.code(304).send();
      }
      const nonce = headers.pageNonce(request.raw, reply.raw);
      const body = served.body(nonce);
      return reply
        .code(served.status)
        .type('text/html; charset=utf-8')
        .header('content-length', body.bytes)
        .send(Readable.from(body.chunks, { objectMode: false }));
    }
    const html = await readFile(indexFile).catch(() => null);
    if (!html) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build:web`.');
    }
    const nonce = headers.pageNonce(request.raw, reply.raw);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html.toString('utf8').replace(NONCE_PLACEHOLDER, nonce));
  });
}
