import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fieldLabel, type Language, Reason, resolveLanguage, translate } from '@agora/contracts';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RawServerDefault,
} from 'fastify';
import type { Logger } from 'pino';
import { collectDefaultMetrics } from 'prom-client';
import {
  CONNECTION_LIMIT_DEFAULTS,
  type ConnectionLimits,
  checkingIntervalOf,
  MAX_HEADER_BYTES,
} from '../config/connection-limits';
import { httpRequestDuration, metricsRegistry } from '../observability/metrics';
import { pathOfTarget, pathProblem } from './canonical-path';
import { limitConnectionsPerAddress } from './connections-per-address';
import { envelope } from './envelope';
import { ApiError } from './errors';
import { answerFrameworkError, parseQuerystring, partAwareValidators, refuseIllFormedText } from './input-rules';
import { OPENAPI_PATH, openApiOptions } from './openapi';
import { recordRoutes } from './route-registry';
import { answerUnavailable, isUnavailableError } from './unavailable';
import { type SchemaError, toFieldErrors } from './validation';

import './request-fields';

export type HttpApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface HttpAppOptions {
  /** Labels metrics and logs: a service name, or `gateway`. */
  name: string;
  log: Logger;
  /** Answers `/readyz`: false while a dependency (the database) is unreachable. */
  ready?: () => Promise<boolean>;
  /**
   * When ready, what degrades the service without stopping it (events a projection set aside): `/readyz`
   * still answers 200, with `status: 'degraded'` and these details (docs/adr/0005-projection-batches.md).
   */
  degraded?: () => Promise<Record<string, unknown> | null>;
  bodyLimit?: number;
  /** OpenAPI document at `/openapi.json`, from the route schemas, built on its first request. */
  openapi?: boolean;
  /** Take the client address from X-Forwarded-For: services behind the gateway, never the public edge. */
  trustProxy?: boolean;
  /** `/healthz`, `/readyz` and `/metrics` (default true); the public gateway serves them elsewhere. */
  operatorRoutes?: boolean;
  /**
   * How long a request may take to arrive, and how many connections one address may hold: the defaults, and no
   * per-address limit, unless given (the public listeners pass the configuration's).
   */
  connections?: Partial<ConnectionLimits>;
}

let defaultMetricsStarted = false;

function fieldMessage(language: Language, key: string, field: string, params: Record<string, string | number> = {}) {
  return translate(language, key, { field: fieldLabel(language, field), ...params });
}

/** Fastify's content-type parsing failures: a wrong media type (415) or a body that does not parse (400). */
function isUnreadableBody(error: FastifyError): boolean {
  return (error.statusCode === 400 || error.statusCode === 415) && (error.code ?? '').startsWith('FST_ERR_CTP_');
}

/** The part of a request a schema failure is about (its `validationContext`). */
function partOf(request: FastifyRequest, part: FastifyError['validationContext']): unknown {
  if (part === 'querystring') return request.query;
  if (part === 'params') return request.params;
  if (part === 'headers') return request.headers;
  return request.body;
}

function answerError(
  log: FastifyBaseLogger,
  error: FastifyError | ApiError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const language = request.language;
  if (isUnavailableError(error)) return answerUnavailable(log, error, language, reply);
  if (error instanceof ApiError) {
    if (error.fields.length > 0) {
      const data = error.fields.map((f) => ({
        error_field: f.field,
        error_msg: fieldMessage(language, f.key, f.field, f.params),
      }));
      return reply.code(400).send(envelope(language, 400, error.reason, data, data[0]?.error_msg));
    }
    const message = error.messageKey ? translate(language, error.messageKey, error.messageParams) : undefined;
    return reply.code(error.status).send(envelope(language, error.status, error.reason, error.data, message));
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const input = partOf(request, fastifyError.validationContext);
    const data = toFieldErrors(language, fastifyError.validation as SchemaError[], input);
    return reply.code(400).send(envelope(language, 400, Reason.requestFormatError, data, data[0]?.error_msg));
  }
  const status = fastifyError.statusCode ?? 500;
  if (isUnreadableBody(fastifyError)) {
    // A body this route cannot read (not JSON, or a form where JSON is taken) is a field error like any other.
    const data = [{ error_field: 'body', error_msg: fieldMessage(language, 'validation.invalid', 'body') }];
    return reply.code(400).send(envelope(language, 400, Reason.requestFormatError, data, data[0]?.error_msg));
  }
  if (status === 429) return reply.code(429).send(envelope(language, 429, Reason.tooManyRequests, null));
  if (status >= 400 && status < 500) {
    // Unparseable bodies, wrong content types, oversized payloads: the client's fault, without internals.
    const reason = status === 404 ? Reason.notFound : status === 401 ? Reason.unauthorized : Reason.requestFormatError;
    return reply.code(status).send(envelope(language, status, reason, null));
  }
  log.error({ err: error, reqId: request.id }, 'request failed');
  return reply.code(500).send(envelope(language, 500, Reason.unknown, null));
}

const EVENT_LOOP_SAMPLE_MS = 1000;

/**
 * The HTTP host of a service or the gateway: envelope errors (a schema failure is a 400 with per-field
 * messages, nothing internal ever leaks), request ids, health, readiness, Prometheus metrics, OpenAPI.
 */
export async function createHttpApp(options: HttpAppOptions): Promise<HttpApp> {
  if (!defaultMetricsStarted) {
    // The event-loop delay histogram samples once a second, not prom-client's hundred times: its timer would
    // wake an idle process a hundred times a second (docs/adr/0048-idle-costs-nothing.md).
    collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    defaultMetricsStarted = true;
  }
  const connections = { ...CONNECTION_LIMIT_DEFAULTS, connectionsPerAddress: 0, ...options.connections };
  const app = Fastify({
    // A slow body or slow headers cannot hold a socket for ever (README "Limits of a connection").
    requestTimeout: connections.requestTimeoutMs,
    http: {
      headersTimeout: connections.headersTimeoutMs,
      maxHeaderSize: MAX_HEADER_BYTES,
      connectionsCheckingInterval: checkingIntervalOf(connections),
    },
    loggerInstance: options.log.child({ service: options.name }) as FastifyBaseLogger,
    // Per-request lines would dominate the log at load; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    // Strict JSON bodies, coerced wire text, ill-formed text refused: input-rules.ts
    // (docs/adr/0018-strings-and-numbers-at-the-edge.md).
    schemaController: { compilersFactory: { buildValidator: partAwareValidators } },
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQuerystring },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (connections.connectionsPerAddress > 0) limitConnectionsPerAddress(app.server, connections.connectionsPerAddress);
  recordRoutes(app);
  // Before any route is matched: one spelling of each path (docs/adr/0088-canonical-paths.md).
  app.addHook('onRequest', async (request, reply) => {
    const problem = pathProblem(pathOfTarget(request.raw.url ?? '/'));
    if (problem === null) return;
    const data = [{ error_field: 'path', error_msg: fieldMessage(request.language, 'validation.invalid', 'path') }];
    return reply.code(400).send(envelope(request.language, 400, Reason.requestFormatError, data, data[0]?.error_msg));
  });
  app.addHook('preValidation', refuseIllFormedText);

  app.decorateRequest('language', {
    getter(this: { headers: Record<string, string | string[] | undefined> }) {
      const header = this.headers['accept-language'];
      return resolveLanguage(Array.isArray(header) ? header[0] : header);
    },
  });

  if (options.openapi !== false) {
    // The gateway merges every service's document into the published one (docs/adr/0009-api-reference.md).
    await app.register(swagger, openApiOptions(options.name));
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  }

  app.setErrorHandler((error, request, reply) => answerError(app.log, error as Error, request, reply));
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(envelope(request.language, 404, Reason.notFound, null));
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        service: options.name,
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  // The public gateway serves these on its operator listener instead (docs/adr/0041-operator-port.md).
  if (options.operatorRoutes === false) return app as unknown as HttpApp;
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = options.ready ? await options.ready().catch(() => false) : true;
    if (!ready) return reply.code(503).send({ status: 'not ready' });
    const degraded = options.degraded ? await options.degraded().catch(() => null) : null;
    return reply.code(200).send(degraded ? { status: 'degraded', ...degraded } : { status: 'ready' });
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
  return app as unknown as HttpApp;
}
