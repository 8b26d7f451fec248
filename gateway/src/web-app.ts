import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HttpApp } from '@agora/platform';
import fastifyStatic from '@fastify/static';
import type { SecurityHeaders } from './security-headers';

/** Marks the inline scripts of index.html (the import map); each response gets its policy's nonce there. */
const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;

/**
 * Serves the built front ends (DESIGN §7) from `root` (frontends/root/dist): `/assets/*` are content-hashed,
 * so cached for a year as immutable, and sent brotli- or gzip-compressed from the copies made at build
 * time; any other GET that is not an API route is a client route and gets `index.html`, never cached.
 * API prefixes keep their own routes (a more specific prefix always wins). The inline import map runs
 * under the page's own Content-Security-Policy nonce.
 */
export async function serveWebApp(app: HttpApp, root: string, headers: SecurityHeaders): Promise<void> {
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
