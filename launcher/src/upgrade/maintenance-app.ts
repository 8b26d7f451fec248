import { type Language, Reason, UI_BUNDLES } from '@agora/contracts';
import { createHttpApp, envelope, type HttpApp } from '@agora/platform';
import type { Logger } from 'pino';

export const MAINTENANCE_PAGE = '/maintenance';
const RETRY_SECONDS = 5;
const API_PREFIXES = ['/answer/api/', '/answer/admin/api/', '/installation/'];

function maintenanceText(language: Language): string {
  const ui = UI_BUNDLES[language].ui as { maintenance?: string } | undefined;
  return ui?.maintenance ?? '';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page that needs no API: the web app's calls would all wait for the upgrade. */
function maintenanceHtml(language: Language): string {
  const text = escapeHtml(maintenanceText(language));
  return `<!doctype html>
<html lang="${language.replace('_', '-')}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_SECONDS}"><title>${text}</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;color:#222}
main{max-width:480px;padding:24px;text-align:center}h1{font-size:1.4rem;font-weight:500}</style></head>
<body><main><h1>${text}</h1></main></body></html>
`;
}

/**
 * What visitors get while an upgrade runs (docs/adr/0061-upgrades.md): `/maintenance` (the spec's text, in
 * the visitor's language, reloading itself), every other page redirected there, and 503 with `Retry-After`
 * for every API call.
 */
export async function createMaintenanceApp(log: Logger): Promise<HttpApp> {
  const app = await createHttpApp({ name: 'maintenance', log, openapi: false, operatorRoutes: false });
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    reply.header('retry-after', String(RETRY_SECONDS)).header('cache-control', 'no-store');
    if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
      return reply
        .code(503)
        .send(envelope(request.language, 503, Reason.unavailable, null, maintenanceText(request.language)));
    }
    if (pathname === MAINTENANCE_PAGE) {
      return reply.code(503).type('text/html; charset=utf-8').send(maintenanceHtml(request.language));
    }
    return reply.redirect(MAINTENANCE_PAGE, 302);
  });
  return app;
}
