import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { HttpApp } from '@agora/platform';
import fastifyStatic from '@fastify/static';
import type { Logger } from 'pino';
import { collectDocument } from './openapi-document';
import type { ServiceName } from './routing-table';
import type { ServiceTransport } from './transports';

/** The published OpenAPI document: every service's routes, as the gateway serves them. */
export const OPENAPI_DOCUMENT_PATH = '/answer/api/openapi.json';
/** The reference page that reads it. */
export const API_DOCS_PATH = '/answer/api/docs';

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const VIEWER_FILES = new Set(['/swagger-ui.css', '/index.css', '/swagger-ui-bundle.js', '/favicon-32x32.png']);

/** The page: no inline script or style, so the gateway's Content-Security-Policy holds as it is. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Agora API reference</title>
    <link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" sizes="32x32">
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
    <link rel="stylesheet" href="${API_DOCS_PATH}/index.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/start.js"></script>
  </body>
</html>
`;

/** The page's own script, a same-origin file: Swagger UI on the published document, no outside validator. */
const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_DOCUMENT_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

/** The document as served: its bytes and their entity tag. */
interface Served {
  body: Buffer;
  etag: string;
}

/**
 * Builds the published document on its first request and keeps it (docs/adr/0009-api-reference.md). A document
 * that lacks a service (down while it was asked) is served but not kept: the next request asks again.
 */
export class ApiReference {
  private pending: Promise<Served> | null = null;

  constructor(
    private readonly transports: Partial<Record<ServiceName, ServiceTransport>>,
    private readonly log: Logger,
  ) {}

  /** The merged document's bytes: the kept ones, or those being built. */
  served(): Promise<Served> {
    if (this.pending) return this.pending;
    const building = this.build();
    this.pending = building;
    building.then(
      ({ complete }) => {
        if (!complete && this.pending === building) this.pending = null;
      },
      () => {
        if (this.pending === building) this.pending = null;
      },
    );
    return building;
  }

  private async build(): Promise<Served & { complete: boolean }> {
    const { document, missing } = await collectDocument(this.transports, this.log);
    const body = Buffer.from(JSON.stringify(document));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { body, etag, complete: missing.length === 0 };
  }
}

/** Where swagger-ui-dist's files are: its package folder. */
function viewerRoot(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/**
 * Serves the API reference (docs/adr/0009-api-reference.md): the merged OpenAPI document at
 * `/answer/api/openapi.json`, and at `/answer/api/docs` a Swagger UI page loaded from the npm package's
 * files, same origin, under the gateway's Content-Security-Policy. Nothing is built before it is asked for.
 */
export async function serveApiReference(app: HttpApp, reference: ApiReference): Promise<void> {
  app.get(OPENAPI_DOCUMENT_PATH, async (request, reply) => {
    const { body, etag } = await reference.served();
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
  app.get(API_DOCS_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  );
  app.get(`${API_DOCS_PATH}/start.js`, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(START_SCRIPT),
  );
  await app.register(fastifyStatic, {
    root: viewerRoot(),
    prefix: `${API_DOCS_PATH}/`,
    allowedPath: (pathname) => VIEWER_FILES.has(pathname),
    index: false,
    maxAge: '1h',
    decorateReply: false,
  });
}
