import { type AgoraConfig, createHttpApp, type HttpApp } from '@agora/platform';
import type { Logger } from 'pino';

/** Served on the operator listener only; on the public port they are not found (not the web app's page). */
export const OPERATOR_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

/**
 * The operator listener (DESIGN §9, Operator port): `/healthz`, `/readyz` and `/metrics`, kept off the
 * public port. `ready` answers readiness: in the embedded process, whether every service is ready.
 */
export function createOperatorApp(options: { log: Logger; ready?: () => Promise<boolean> }): Promise<HttpApp> {
  return createHttpApp({ name: 'operator', log: options.log, ready: options.ready, openapi: false });
}

/** Ready when every app's own `/readyz` says so (the services of the embedded process). */
export function readyWhenAll(apps: HttpApp[]): () => Promise<boolean> {
  return async () => {
    const answers = await Promise.all(apps.map((app) => app.inject({ method: 'GET', url: '/readyz' })));
    return answers.every((answer) => answer.statusCode === 200);
  };
}

/** Starts the operator listener where the configuration says (`AGORA_OPERATOR_PORT`); null when it is off. */
export async function startOperatorListener(
  config: Pick<AgoraConfig, 'operatorHost' | 'operatorPort'>,
  options: { log: Logger; ready?: () => Promise<boolean> },
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
