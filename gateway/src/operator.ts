import { type AgoraConfig, createHttpApp, type HttpApp } from '@agora/platform';
import type { Logger } from 'pino';

/** Served on the operator listener only; on the public port they are not found (not the web app's page). */
export const OPERATOR_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

/**
 * The operator listener (docs/adr/0041-operator-port.md): `/healthz`, `/readyz` and `/metrics`, kept off the
 * public port. `ready` answers readiness: in the embedded process, whether every service is ready.
 */
export function createOperatorApp(options: OperatorOptions): Promise<HttpApp> {
  return createHttpApp({
    name: 'operator',
    log: options.log,
    ready: options.ready,
    degraded: options.degraded,
    openapi: false,
  });
}

interface OperatorOptions {
  log: Logger;
  ready?: () => Promise<boolean>;
  /** Degraded while ready (events set aside, docs/adr/0005-projection-batches.md): each service's details. */
  degraded?: () => Promise<Record<string, unknown> | null>;
}

/** Ready when every app's own `/readyz` says so (the services of the embedded process). */
export function readyWhenAll(apps: HttpApp[]): () => Promise<boolean> {
  return async () => {
    const answers = await Promise.all(apps.map((app) => app.inject({ method: 'GET', url: '/readyz' })));
    return answers.every((answer) => answer.statusCode === 200);
  };
}

/** What the services of the embedded process report as degraded (their `/readyz` details), by service. */
export function degradedWhenAny(services: Array<{ name: string; app: HttpApp }>) {
  return async (): Promise<Record<string, unknown> | null> => {
    const degraded: Record<string, unknown> = {};
    for (const { name, app } of services) {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      const { status, ...details } = answer.json() as { status?: string };
      if (status === 'degraded') degraded[name] = details;
    }
    return Object.keys(degraded).length > 0 ? { services: degraded } : null;
  };
}

/** Starts the operator listener where the configuration says (`AGORA_OPERATOR_PORT`); null when it is off. */
export async function startOperatorListener(
  config: Pick<AgoraConfig, 'operatorHost' | 'operatorPort'>,
  options: OperatorOptions,
): Promise<HttpApp | null> {
  if (config.operatorPort === null) return null;
  const app = await createOperatorApp(options);
  try {
    await app.listen({ host: config.operatorHost, port: config.operatorPort });
  } catch (error) {
    await app.close();
    throw new Error(
      `The operator port ${config.operatorHost}:${config.operatorPort} cannot be opened (${(error as Error).message}): ` +
        'set AGORA_OPERATOR_PORT to a free port, or to off.',
    );
  }
  options.log.info(`health, readiness and metrics on http://${config.operatorHost}:${config.operatorPort}`);
  return app;
}
