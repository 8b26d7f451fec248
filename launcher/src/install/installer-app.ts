import { INSTALL_PAGE, INSTALLATION_PREFIX } from '@agora/contracts';
import { serveWebApp } from '@agora/gateway';
import { registerSecurityHeaders } from '@agora/gateway/security-headers';
import { type AgoraConfig, createHttpApp, envelope, type HttpApp } from '@agora/platform';
import { installationRoutes } from '@agora/site';
import type { Logger } from 'pino';
import { WEB_ROOT } from '../web-build';
import type { Installer } from './installer';

/** The API prefixes that wait for the installation: they answer 503 until it is done. */
const API_PREFIXES = ['/answer/api/', '/answer/admin/api/'];
const SEE_INSTALLER_SECONDS = 10;

/** A page (not the installer's, an asset or an API call): sent to the installer. */
function isOtherPage(pathname: string): boolean {
  if (pathname === INSTALL_PAGE || pathname.startsWith(`${INSTALL_PAGE}/`)) return false;
  if (pathname.startsWith('/assets/') || pathname.startsWith(`${INSTALLATION_PREFIX}/`)) return false;
  if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  return !/\.[a-z0-9]+$/i.test(pathname);
}

/**
 * What `npm start` serves until Agora is installed (docs/adr/0060-installer.md): the installation API, the
 * web app at `/install` (every other page redirects there), and 503 with a message for every other API call.
 */
export async function createInstallerApp(config: AgoraConfig, log: Logger, installer: Installer): Promise<HttpApp> {
  const app = await createHttpApp({
    name: 'installer',
    log,
    openapi: false,
    operatorRoutes: false,
    connections: config,
  });
  const headers = registerSecurityHeaders(app, { siteUrl: config.siteUrl });
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
      return reply
        .code(503)
        .header('retry-after', String(SEE_INSTALLER_SECONDS))
        .send(envelope(request.language, 503, 'error.install.not_installed', null));
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && isOtherPage(pathname)) {
      return reply.redirect(INSTALL_PAGE, 302);
    }
  });
  await installationRoutes(app, installer);
  await serveWebApp(app, WEB_ROOT, headers);
  return app;
}
