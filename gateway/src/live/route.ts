import { Live, LiveEvent } from '@agora/contracts';
import { errors, extractToken, type HttpApp } from '@agora/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AccessTokens } from '../access-tokens';
import type { LoginRequired } from '../private-site';
import { AREA_PREFIXES } from '../routing-table';
import type { LiveAccess } from './access';
import { TooFarBehind } from './backfill';
import { decodeCursor, MAX_CURSOR_LENGTH } from './cursor';
import { grantTopics } from './grants';
import type { LiveHub } from './hub';
import { LiveStream } from './stream';
import { parseTopics } from './topics';

export const LIVE_PATH = `${AREA_PREFIXES.api}${Live.path}`;

export interface LiveRouteParts {
  /**
   * The hub, once the gateway follows the bus (503 while it cannot yet); none answers 404 (a gateway without a bus
   * serves no live pages).
   */
  hub: () => LiveHub | 'starting' | null;
  access: LiveAccess;
  tokens: AccessTokens;
  loginRequired: LoginRequired;
  /** Streams per address and per member (the contracts' by default; a benchmark raises them). */
  limits?: { perAddress?: number; perMember?: number };
}

const Query = Type.Object({
  topics: Type.String({ minLength: 1, maxLength: Live.maxTopics * 80 }),
  last_event_id: Type.Optional(Type.String({ maxLength: MAX_CURSOR_LENGTH })),
});

/** Where the client stands: the browser's own `Last-Event-ID` on a reconnect, else the one the page passed on. */
function lastEventId(request: FastifyRequest<{ Querystring: { last_event_id?: string } }>): string | undefined {
  const header = request.headers['last-event-id'];
  const id = typeof header === 'string' && header.length > 0 ? header : request.query.last_event_id;
  return id && id.length > 0 ? id : undefined;
}

function openStream(reply: FastifyReply): void {
  const socket = reply.raw.socket;
  socket?.setNoDelay(true);
  socket?.setKeepAlive(true, Live.heartbeatMs);
  // The security headers every response carries are set already (onRequest); these make it a stream that no proxy
  // holds back or compresses.
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  reply.raw.write(`retry: ${Live.retryMs}\n\n`);
}

/**
 * `GET {base}/api/v1/live?topics=a,b,c`, the gateway's own (docs/adr/0099-live-pages.md): a server-sent event stream
 * of the topics the caller may follow, resumed after `Last-Event-ID` (or `?last_event_id=`).
 */
export function registerLiveRoute(app: HttpApp, parts: LiveRouteParts): void {
  const perAddress = parts.limits?.perAddress ?? Live.connectionsPerAddress;
  const perMember = parts.limits?.perMember ?? Live.connectionsPerMember;
  app.get<{ Querystring: { topics: string; last_event_id?: string } }>(
    LIVE_PATH,
    { schema: { querystring: Query } },
    async (request, reply) => {
      const hub = parts.hub();
      if (!hub) throw errors.notFound();
      if (hub === 'starting') throw errors.unavailable();
      const asked = parseTopics(request.query.topics);
      if ('problem' in asked) throw errors.fields({ field: 'topics', key: asked.problem });
      const token = extractToken(request);
      const claims = await parts.tokens.claimsOf(token);
      // A token that does not stand is refused, not taken as anonymous: the client signs in again.
      if (token && !claims) throw errors.unauthorized();
      if (!claims && (await parts.loginRequired.current())) throw errors.unauthorized();
      const owner = { userId: claims?.userId ?? null, sessionId: claims?.sessionId ?? null, address: request.ip };
      const counts = hub.counts(owner);
      if (counts.address >= perAddress || (owner.userId !== null && counts.member >= perMember)) {
        throw errors.tooManyRequests();
      }
      const grants = await grantTopics(asked, { token, ...owner, requestId: request.id }, parts.access);
      if (grants.topics.size === 0) throw owner.userId === null ? errors.unauthorized() : errors.forbidden();
      const given = lastEventId(request);
      const from = given === undefined ? null : decodeCursor(given, hub.sources, hub.order);

      reply.hijack();
      const stream = new LiveStream(reply.raw, { ...owner, token }, grants.topics, (gone) => hub.unsubscribe(gone));
      // The head, the first event and a catch-up from memory leave in one write.
      stream.cork();
      openStream(reply);
      if (given !== undefined && from === null) {
        stream.end('reload');
        return;
      }
      const topics = { granted: grants.granted, refused: grants.refused };
      try {
        await hub.attach(stream, from, (id) => stream.event(LiveEvent.topics, topics, id));
      } catch (error) {
        if (error instanceof TooFarBehind) stream.end('reload');
        else {
          request.log.warn({ err: error }, 'a live stream could not catch up; it reconnects');
          stream.end('reconnect');
        }
      } finally {
        stream.flush();
      }
    },
  );
}
