import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HttpApp } from '@agora/platform';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built front ends (DESIGN §7) from `root` (frontends/root/dist): `/assets/*` are content-hashed,
 * so cached for a year as immutable, and sent brotli- or gzip-compressed from the copies made at build
 * time; any other GET that is not an API route is a client route and gets `index.html`, never cached.
 * API prefixes keep their own routes (a more specific prefix always wins).
 */
export async function serveWebApp(app: HttpApp, root: string): Promise<void> {
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
    return reply
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
