import type { Logger } from 'pino';
import { BalancedTransport } from './balancer/balanced-transport';
import { SERVICE_NAMES, type ServiceName } from './routing-table';
import { HttpTransport, type ServiceTransport } from './transports';

/**
 * The gateway alone: a transport per service over HTTP at its addresses (AGORA_SERVICE_URLS), one replica
 * or several balanced (docs/adr/0074-replicas-behind-the-gateway.md). An unknown service name is refused.
 */
export function transportsOverHttp(
  serviceUrls: Record<string, string[]>,
  log?: Logger,
): Partial<Record<ServiceName, ServiceTransport>> {
  const transports: Partial<Record<ServiceName, ServiceTransport>> = {};
  for (const [name, urls] of Object.entries(serviceUrls)) {
    if (!(SERVICE_NAMES as readonly string[]).includes(name)) {
      throw new Error(`AGORA_SERVICE_URLS names an unknown service ${name} (known: ${SERVICE_NAMES.join(', ')})`);
    }
    const replicas = urls.map((url) => ({ url, transport: new HttpTransport(url) }));
    transports[name as ServiceName] = new BalancedTransport(replicas, { log, service: name });
  }
  return transports;
}
