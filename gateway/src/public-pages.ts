import { ReadVersion } from '@agora/contracts';
import type { LoginRequired } from './private-site';
import { exemptFromPrivateSite } from './private-site';
import { AREA_PREFIXES, matchRoute, type ServiceName } from './routing-table';
import type { ServiceTransport } from './transports';

/** An anonymous GET of the public API as the page renderer reads it: status and the envelope's `data`. */
export type AnonymousRead = <T>(pathAndQuery: string) => Promise<{ status: number; data: T | null }>;

/**
 * The same GET as bytes: the status and the body as the owning service sent it (the page cache compares them),
 * the service, and the read-model version the service marked the reply with, if any (contracts' ReadVersion).
 */
export type RawRead = (pathAndQuery: string) => Promise<RawReply>;

export interface RawReply {
  status: number;
  body: Buffer;
  service: ServiceName | null;
  version: string | null;
}

/** The read-model version each service answers now; null for the lot when the visitor may read nothing. */
export type ReadVersions = (services: readonly ServiceName[]) => Promise<ReadonlyMap<ServiceName, string> | null>;

export type RenderedPage =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'none' };

/**
 * The port of the server-rendered public pages (docs/adr/0066-server-rendered-public-pages.md): the web app's
 * server half (`@agora/root/server`), handed to the gateway by whatever composes it, so the gateway imports
 * neither React nor a front end.
 */
export type PageRenderer = (request: { url: string; nonce: string; api: AnonymousRead }) => Promise<RenderedPage>;

const EMPTY = Buffer.alloc(0);

/**
 * Reads the public API as a visitor without a token, in `language`: the private-site rule and the owning
 * service decide what it gets, exactly as they would for the visitor's own call, over the in-process transports.
 */
export function anonymousRawReader(
  transports: Partial<Record<ServiceName, ServiceTransport>>,
  loginRequired: LoginRequired,
  headers: { language: string; requestId: string },
): RawRead {
  return async (pathAndQuery) => {
    const url = `${AREA_PREFIXES.api}${pathAndQuery}`;
    const route = matchRoute(url.split('?')[0] ?? url);
    if (!route) return { status: 404, body: EMPTY, service: null, version: null };
    if (!exemptFromPrivateSite(route) && (await loginRequired.current())) {
      return { status: 401, body: EMPTY, service: null, version: null };
    }
    const owner = route.byRequest
      ? route.byRequest({ body: () => null, query: new URL(url, 'http://gateway').searchParams })
      : route.service;
    const transport = transports[owner];
    if (!transport) return { status: 404, body: EMPTY, service: null, version: null };
    const response = await transport.forward({
      method: 'GET',
      url,
      headers: { 'accept-language': headers.language, 'x-request-id': headers.requestId },
      body: undefined,
    });
    const ok = response.status === 200;
    const version = ok ? response.headers[ReadVersion.header] : undefined;
    return {
      status: response.status,
      body: ok ? response.body : EMPTY,
      service: owner,
      version: typeof version === 'string' ? version : null,
    };
  };
}

/**
 * Asks each service its read-model version (its internal ReadVersion route), to tell whether the marked reads of a
 * kept page would answer the same bytes without making them; null on a private site (a visitor reads nothing).
 */
export function readVersions(
  transports: Partial<Record<ServiceName, ServiceTransport>>,
  loginRequired: LoginRequired,
  requestId: string,
): ReadVersions {
  return async (services) => {
    if (await loginRequired.current()) return null;
    const answers = await Promise.all(
      services.map(async (service) => {
        const response = await transports[service]?.forward({
          method: 'GET',
          url: ReadVersion.route,
          headers: { 'x-request-id': requestId },
          body: undefined,
        });
        return [service, response?.status === 200 ? response.body.toString('utf8') : ''] as const;
      }),
    );
    return new Map(answers);
  };
}

/** The envelope's `data` of a raw read, as the renderer takes it. */
export function parsedRead(read: RawRead): AnonymousRead {
  return async <T>(pathAndQuery: string) => {
    const { status, body } = await read(pathAndQuery);
    if (status !== 200) return { status, data: null };
    const envelope = JSON.parse(body.toString('utf8')) as { data?: T };
    return { status: 200, data: envelope.data ?? null };
  };
}
