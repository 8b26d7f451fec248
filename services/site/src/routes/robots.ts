import { ROBOTS_PATH } from '@agora/contracts';
import { type HttpApp, loadSiteSettings, type ServiceContext } from '@agora/platform';

/** A private site (login required) asks every crawler to stay out, whatever the SEO settings say. */
const PRIVATE_ROBOTS = 'User-agent: *\nDisallow: /\n';

/** `robots.txt`, from the SEO settings. */
export async function robotsRoutes(app: HttpApp, context: ServiceContext) {
  app.get(ROBOTS_PATH, { config: { auth: 'none' }, schema: { hide: true } }, async (_request, reply) => {
    const { seo, security } = await loadSiteSettings(context.database.db, context.config.siteUrl);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(security.login_required ? PRIVATE_ROBOTS : seo.robots);
  });
}
