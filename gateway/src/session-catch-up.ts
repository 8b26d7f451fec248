import { CatchUp } from '@agora/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceName } from './routing-table';
import type { ForwardResponse, ServiceTransport } from './transports';

const BODY = Buffer.from(JSON.stringify({ projection: CatchUp.actorsProjection }));

/**
 * When identity's reply says sessions were revoked or changed (a logout, a password change, a suspension),
 * waits until every service has applied that to its own session facts, so the old token is refused
 * everywhere once the caller has the answer (docs/adr/0044-catching-up.md). Each service waits at most
 * CatchUp.timeoutMs; one that cannot is logged, and the reply goes out regardless. The marker header
 * never leaves the gateway.
 */
export async function awaitSessionChanges(
  response: ForwardResponse,
  transports: Partial<Record<ServiceName, ServiceTransport>>,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!(CatchUp.sessionsChangedHeader in response.headers)) return;
  delete response.headers[CatchUp.sessionsChangedHeader];
  await Promise.all(
    Object.entries(transports).map(async ([service, transport]) => {
      if (!transport) return;
      try {
        const answer = await transport.forward({
          method: 'POST',
          url: CatchUp.route,
          headers: { 'content-type': 'application/json' },
          body: BODY,
        });
        const caughtUp = answer.status === 200 && JSON.parse(answer.body.toString('utf8')).caught_up === true;
        if (!caughtUp)
          log.warn({ service, status: answer.status }, 'a service has not applied a session change in time');
      } catch (error) {
        log.warn({ err: error, service }, 'could not ask a service to apply a session change');
      }
    }),
  );
}
