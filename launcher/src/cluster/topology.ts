/**
 * The scaled-out topology on one machine (docs/adr/0076-cluster-command.md): which processes, on which
 * ports, with which environment. Pure: `cluster up` starts what this plans; the same layout as
 * docker-compose.yml (a database per service, every service and the gateway a process of its own).
 */
import { SERVICE_NAMES, type ServiceName } from '@agora/gateway/routing-table';

export type Role = ServiceName | 'gateway';
export const ROLES: readonly Role[] = [...SERVICE_NAMES, 'gateway'];

/** One process of the topology. */
export interface ProcessSpec {
  /** `posts-1`, `gateway-2`: unique, stable across restarts. */
  name: string;
  role: Role;
  /** Its public port (a service's only port; a gateway's public one). */
  port: number;
  /** A gateway's operator port (health, readiness, metrics); a service serves them on `port`. */
  operatorPort: number | null;
  /** The script it runs, relative to the repository. */
  entry: string;
  /** Its own settings, over the topology's shared ones. */
  env: Record<string, string>;
}

export class TopologyError extends Error {
  override name = 'TopologyError';
}

/** `posts=2,votes=2,gateway=2`: replicas per role, 1 for those not named. */
export function parseReplicas(text: string | undefined): Record<Role, number> {
  const replicas = Object.fromEntries(ROLES.map((role) => [role, 1])) as Record<Role, number>;
  for (const pair of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [role, count, extra] = pair.split('=').map((p) => p.trim());
    if (!role || count === undefined || extra !== undefined) {
      throw new TopologyError(`--replicas takes role=count pairs (posts=2,gateway=2), got "${pair}"`);
    }
    if (!(ROLES as readonly string[]).includes(role)) {
      throw new TopologyError(`--replicas names an unknown role ${role} (roles: ${ROLES.join(', ')})`);
    }
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 8) {
      throw new TopologyError(`--replicas ${role} must be a whole number from 1 to 8, got "${count}"`);
    }
    replicas[role as Role] = n;
  }
  return replicas;
}

/** The database of a service, as in docker-compose.yml (infra/docker/postgres-init.sql). */
export const databaseOf = (service: ServiceName) => `agora_${service}`;

export interface PlanOptions {
  replicas: Record<Role, number>;
  /** The first gateway's public port (its operator port is the next); gateways take two ports each. */
  gatewayPort: number;
  /** The first service process's port; the services take one each from here, in role order. */
  servicePort: number;
}

const entryOf = (role: Role) => (role === 'gateway' ? 'gateway/dist/main.js' : `services/${role}/dist/main.js`);

/**
 * Every process, services first (in the gateway's routing order), then the gateways, each told every
 * service's replicas (AGORA_SERVICE_URLS, docs/adr/0074-replicas-behind-the-gateway.md).
 */
export function planTopology(options: PlanOptions): ProcessSpec[] {
  const specs: ProcessSpec[] = [];
  let port = options.servicePort;
  const urls: string[] = [];
  for (const service of SERVICE_NAMES) {
    const addresses: string[] = [];
    for (let i = 1; i <= options.replicas[service]; i++) {
      const at = port++;
      addresses.push(`http://127.0.0.1:${at}`);
      specs.push({
        name: `${service}-${i}`,
        role: service,
        port: at,
        operatorPort: null,
        entry: entryOf(service),
        env: { AGORA_PORT: String(at), AGORA_OPERATOR_PORT: 'off' },
      });
    }
    urls.push(`${service}=${addresses.join('|')}`);
  }
  for (let i = 1; i <= options.replicas.gateway; i++) {
    const at = options.gatewayPort + (i - 1) * 2;
    specs.push({
      name: `gateway-${i}`,
      role: 'gateway',
      port: at,
      operatorPort: at + 1,
      entry: entryOf('gateway'),
      env: { AGORA_PORT: String(at), AGORA_OPERATOR_PORT: String(at + 1), AGORA_SERVICE_URLS: urls.join(',') },
    });
  }
  const taken = new Set<number>();
  for (const spec of specs) {
    for (const p of [spec.port, spec.operatorPort]) {
      if (p === null) continue;
      if (taken.has(p) || p > 65535) throw new TopologyError(`Port ${p} is taken twice: choose other base ports`);
      taken.add(p);
    }
  }
  return specs;
}
