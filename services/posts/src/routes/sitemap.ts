import { SITEMAP_FOLDER, SITEMAP_PATH, sitemapFileNumber } from '@agora/contracts';
import { errors, etagOf, type HttpApp, matchesEtag, PUBLIC_CACHE_CONTROL } from '@agora/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PostsReads } from '../queries/reads';
import { sitemapFiles, sitemapQuestions } from '../queries/sitemap';
import { sitemapFileXml, sitemapIndexXml } from '../responses/sitemap-xml';

/**
 * `sitemap.xml` and its files of question URLs (docs/adr/0070-sitemap.md): kept until the read models or the
 * settings change, so a new question is listed at once and a CDN keeps a file `Limits.publicCache` long. A
 * private site (login required) has none.
 */
export async function sitemapRoutes(app: HttpApp, reads: PostsReads) {
  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    body: () => Promise<string | null>,
  ) => {
    const settings = await reads.settings();
    if (settings.security.login_required) throw errors.notFound();
    const { xml, etag } = await reads.cached(key, async () => {
      const text = await body();
      return { xml: text, etag: text === null ? '' : etagOf(text) };
    });
    if (xml === null) throw errors.notFound();
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/xml; charset=utf-8').send(xml);
  };

  app.get(SITEMAP_PATH, { config: { auth: 'none' }, schema: { hide: true } }, (request, reply) =>
    send(request, reply, 'sitemap:index', async () =>
      sitemapIndexXml(await reads.settings(), await sitemapFiles(reads.db)),
    ),
  );

  app.get(`${SITEMAP_FOLDER}:file`, { config: { auth: 'none' }, schema: { hide: true } }, (request, reply) => {
    const file = sitemapFileNumber(request.url.split('?')[0] ?? '');
    if (file === null) throw errors.notFound();
    return send(request, reply, `sitemap:file:${file}`, async () => {
      const questions = await sitemapQuestions(reads.db, file);
      // A file past the last is not there; the first always is (an empty site's).
      return questions.length === 0 && file > 1 ? null : sitemapFileXml(await reads.settings(), questions);
    });
  });
}
