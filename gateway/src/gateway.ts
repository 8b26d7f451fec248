import { LiveTopic, ReadVersion } from '@agora/contracts';
import {
  CONNECTION_LIMIT_DEFAULTS,
  type ConnectionLimits,
  createHttpApp,
  type EventBus,
  errors,
  extractToken,
  type HttpApp,
  pathOfTarget,
  pathProblem,
} from '@agora/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { AccessTokens } from './access-tokens';
import { ApiReference, serveApiReference } from './api-reference';
import { fetchCallerState, withCallerState } from './composition';
import { LIVE_CHECK_HEADER, LiveAccess } from './live/access';
import type { LiveHubLimits } from './live/hub';
import { LiveHubStarter } from './live/hub-starter';
import { questionRecheck } from './live/recheck';
import { registerLiveRoute } from './live/route';
import { OPERATOR_PATHS } from './operator';
import { PageCache } from './page-cache';
import { exemptFromPrivateSite, LoginRequired } from './private-site';
import { anonymousRawReader, type PageRenderer, readVersions } from './public-pages';
import { fetchReviewCount, withReviewCount } from './review-count';
import { AREA_PREFIXES, matchRoute, ROOT_FILES, ROOT_FOLDERS, rootFileOwner, type ServiceName } from './routing-table';
import { registerSecurityHeaders } from './security-headers';
import { awaitSessionChanges } from './session-catch-up';
import {
  endToEndHeaders,
  type ForwardRequest,
  type ForwardResponse,
  type ServiceTransport,
  type StreamedResponse,
} from './transports';
import { serveWebApp } from './web-app';

export interface GatewayOptions {
  log: Logger;
  /** The services this deployment runs; a route owned by another one answers 404. */
  transports: Partial<Record<ServiceName, ServiceTransport>>;
  bodyLimit?: number;
  /** Behind a proxy or load balancer: the client address comes from X-Forwarded-For. */
  trustProxy?: boolean;
  /** The built web app (frontends/root/dist) to serve at `/`; none serves only the API. */
  webRoot?: string;
  /** The site's public address (AGORA_SITE_URL): an https one turns HSTS on. */
  siteUrl?: string;
  /** Renders the public pages on the server (`@agora/root/server`); none serves index.html alone. */
  pages?: PageRenderer;
  /** The public port's limits on slow and numerous connections (the configuration's; README "Limits of a connection"). */
  connections?: Partial<ConnectionLimits>;
  /** The event bus, followed for the live pages (`{base}/api/v1/live`); without one the route answers 404. */
  bus?: EventBus;
  /** The live route's bounds where they differ from the contracts' (a benchmark's thousands of streams from one host). */
  live?: Partial<LiveHubLimits> & { perAddress?: number; perMember?: number };
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** A request refused a connection never reached its service: nothing was applied. */
const neverReached = (error: unknown) =>
  [error, (error as { cause?: unknown })?.cause].some(
    (e) => (e as { code?: string } | undefined)?.code === 'ECONNREFUSED',
  );

function parseJson(body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return null;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

/** A streamed answer passed on as it comes; the client's going away ends the service's side too. */
async function passStream(
  transport: Required<Pick<ServiceTransport, 'stream'>>,
  forwarded: ForwardRequest,
  request: FastifyRequest,
  reply: FastifyReply,
  open: Set<AbortController>,
) {
  const gone = new AbortController();
  open.add(gone);
  gone.signal.addEventListener('abort', () => open.delete(gone), { once: true });
  reply.raw.once('finish', () => open.delete(gone));
  request.raw.once('close', () => gone.abort());
  reply.raw.once('close', () => gone.abort());
  let response: StreamedResponse;
  try {
    response = await transport.stream(forwarded, gone.signal);
  } catch (error) {
    throw Object.assign(errors.unavailable(), { cause: error });
  }
  // Proxies and compression must not hold events back.
  // A stream's connection is not kept for another request: it ends with the stream, and never holds a close back.
  reply.code(response.status).headers({ ...response.headers, 'x-accel-buffering': 'no', connection: 'close' });
  response.body.on('error', () => gone.abort());
  return reply.send(response.body);
}

/** The one public HTTP entry (DESIGN §2, §6): routes every API call to the service that owns it. */
export async function createGateway(options: GatewayOptions): Promise<HttpApp> {
  const app = await createHttpApp({
    name: 'gateway',
    log: options.log,
    bodyLimit: options.bodyLimit ?? 6 * 1024 * 1024,
    openapi: false,
    trustProxy: options.trustProxy ?? false,
    // Health, readiness and metrics are on the operator listener, not the public port (operator.ts).
    operatorRoutes: false,
    connections: options.connections ?? CONNECTION_LIMIT_DEFAULTS,
  });
  const securityHeaders = registerSecurityHeaders(app, { siteUrl: options.siteUrl ?? 'http://localhost' });
  // Bodies pass through untouched: the owning service parses and validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const tokens = new AccessTokens(() => options.transports.identity);
  // Streams never end by themselves (an SSE channel): closing the gateway ends them, instead of waiting for them.
  const openStreams = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.abort();
  });
  const loginRequired = new LoginRequired(() => options.transports.site);

  // The live pages: one follower of the bus for every stream of this gateway (docs/adr/0099-live-pages.md).
  const access = new LiveAccess(options.transports);
  const live: LiveHubStarter | null = options.bus
    ? new LiveHubStarter({
        bus: options.bus,
        log: options.log,
        limits: options.live,
        recheck: questionRecheck(() => live?.current() ?? null, access),
        statusChanged: (topic) => access.forget(topic.slice(LiveTopic.questionPrefix.length)),
      })
    : null;
  await live?.start();
  app.addHook('preClose', async () => {
    await live?.close();
  });
  registerLiveRoute(app, { hub: () => live?.current() ?? null, access, tokens, loginRequired, limits: options.live });

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = pathOfTarget(request.url);
    // Every app refuses a non-canonical path before routing (docs/adr/0088-canonical-paths.md); the gateway
    // checks again what it forwards, so a service is only ever asked for a public path in its one spelling,
    // under an area prefix or a root file, never its internal or operator routes.
    if (pathProblem(pathname) !== null) throw errors.fields({ field: 'path', key: 'validation.invalid' });
    const route = matchRoute(pathname);
    // A private site answers anonymous callers 401 everywhere but the exempt routes, on the server.
    if (route && !exemptFromPrivateSite(route) && (await loginRequired.current())) {
      if (!(await tokens.userOf(extractToken(request)))) throw errors.unauthorized();
    }
    const body = Buffer.isBuffer(request.body) ? (request.body as Buffer) : undefined;
    const owner = route?.byRequest
      ? route.byRequest({ body: () => parseJson(body), query: new URL(request.url, 'http://gateway').searchParams })
      : (route?.service ?? rootFileOwner(pathname));
    const transport = owner ? options.transports[owner] : undefined;
    if (!transport) throw errors.notFound();
    const headers = endToEndHeaders(request.headers as Record<string, string | undefined>);
    headers['x-request-id'] = request.id;
    headers['x-forwarded-for'] = request.ip;
    // Only the gateway's own visibility checks are no visits.
    delete headers[LIVE_CHECK_HEADER];
    if (route?.streamed && transport.stream)
      return passStream(
        { stream: transport.stream.bind(transport) },
        { method: request.method, url: request.url, headers, body },
        request,
        reply,
        openStreams,
      );
    // The caller's own votes and bookmarks, fetched beside the post they are shown on (DESIGN §2).
    const callerState = fetchCallerState(route, request, headers, options.transports.votes);
    // The review to-do count of the red dot, moderation's, fetched beside notifications' answer.
    const reviewCount = fetchReviewCount(route, request, headers, options.transports.moderation);
    let response: ForwardResponse;
    try {
      response = await transport.forward({ method: request.method, url: request.url, headers, body });
      const fallback = route?.elseOnNotFound ? options.transports[route.elseOnNotFound] : undefined;
      if (response.status === 404 && fallback) {
        response = await fallback.forward({ method: request.method, url: request.url, headers, body });
      }
      if (callerState && route) response = withCallerState(route, response, await callerState);
      if (reviewCount) response = withReviewCount(response, await reviewCount);
    } catch (error) {
      // The owning service is down or restarting: an outage (503, Retry-After), logged at most every few seconds. A
      // write cut off this way may have been applied before the service went: its answer says so
      // (docs/adr/0092-ready-when-caught-up.md); a retry with the same Idempotency-Key is safe.
      const outage = isRead(request.method) || neverReached(error) ? errors.unavailable() : errors.outcomeUnknown();
      throw Object.assign(outage, { cause: error, service: owner });
    }
    await awaitSessionChanges(response, options.transports, request.log);
    // The version a service marks a reply with is the page cache's, not the caller's.
    delete response.headers[ReadVersion.header];
    reply.code(response.status).headers(response.headers);
    return reply.send(response.body);
  };

  for (const prefix of Object.values(AREA_PREFIXES)) app.all(`${prefix}*`, forward);
  for (const path of Object.keys(ROOT_FILES)) app.get(path, forward);
  for (const folder of Object.keys(ROOT_FOLDERS)) app.get(`${folder}*`, forward);
  for (const operatorPath of OPERATOR_PATHS) app.get(operatorPath, (_request, reply) => reply.callNotFound());
  // The OpenAPI document, merged from the services' own on its first request, and its reference page.
  await serveApiReference(app, new ApiReference(options.transports, options.log));
  const render = options.pages;
  const pages = render
    ? {
        cache: new PageCache(render),
        reader: (request: FastifyRequest) => ({
          readIn: (language: string) =>
            anonymousRawReader(options.transports, loginRequired, { language, requestId: request.id }),
          versions: readVersions(options.transports, loginRequired, request.id),
        }),
      }
    : undefined;
  if (options.webRoot) await serveWebApp(app, options.webRoot, securityHeaders, pages);
  return app;
}
