/**
 * Agora composed in one process (DESIGN §1, "One composition"): the event bus, each service started on it,
 * and the gateway in front of them over in-process transports, stopped in the reverse order. The launcher
 * (`npm start`, the operator commands), the test stacks, the benchmarks and the seeder all compose Agora
 * here; what differs between them (which services, the bus, pool sizes, the web app, listening) is an
 * option.
 */
import {
  type AgoraConfig,
  type BusSettings,
  busSettingsOf,
  createEventBus,
  type EventBus,
  type HttpApp,
  type RunningService,
  type ServiceModule,
  startService,
} from '@agora/platform';
import type { Logger } from 'pino';
import { createGateway, type GatewayOptions } from './gateway';
import { degradedWhenAny, readyWhenAll, startOperatorListener } from './operator';
import type { PageRenderer } from './public-pages';
import type { ServiceName } from './routing-table';
import { InProcessTransport, type ServiceTransport } from './transports';

/** How one service instance runs when not as the composition's defaults say. */
export interface InstanceOptions {
  /** Its database pool (default: the composition's `maxConnections`). */
  maxConnections?: number;
  /** Its own configuration (a search instance on another engine, say); the composition's by default. */
  config?: AgoraConfig;
}

/** A service to start: its module, or its module with settings of its own. */
export type ServiceEntry = ServiceModule | ({ module: ServiceModule } & InstanceOptions);

export interface ComposeServicesOptions {
  config: AgoraConfig;
  databaseUrl: string;
  log: Logger;
  /** Started in this order, stopped in the reverse one. */
  services: ServiceEntry[];
  /** The bus, where it differs from the one the configuration names (a Kafka topic prefix, say). */
  bus?: Partial<Omit<BusSettings, 'databaseUrl' | 'log'>>;
  /** Each service's database pool (default: AGORA_DB_CONNECTIONS, else 10, as a service alone). */
  maxConnections?: number;
}

export interface ComposedServices {
  config: AgoraConfig;
  databaseUrl: string;
  bus: EventBus;
  /** The running instances, in start order. */
  services: RunningService[];
  /** The running instance of that service (the first, if there are two). */
  service(name: string): RunningService;
  /** Starts one more instance on the same bus and database; it stops with the rest. */
  start<Parts>(module: ServiceModule<Parts>, options?: InstanceOptions): Promise<RunningService<Parts>>;
  /** Stops one instance now (it is left out of `close`). */
  stop(service: RunningService): Promise<void>;
  /** Waits until every instance's projections have read everything published, what their catching up published included. */
  settle(timeoutMs?: number): Promise<void>;
  /**
   * Settles once every instance's projections have applied what their sources held when it started: until then
   * its services are not ready (docs/adr/0092-ready-when-caught-up.md).
   */
  startedUp(): Promise<void>;
  /** Stops every instance, the last started first, then the bus. */
  close(): Promise<void>;
}

export interface ComposeAgoraOptions extends ComposeServicesOptions {
  gateway?: {
    /** The built web app to serve at `/`; none serves only the API. */
    webRoot?: string;
    /** Client addresses from X-Forwarded-For (default: AGORA_TRUST_PROXY). */
    trustProxy?: boolean;
    /** The public address, for HSTS (default: AGORA_SITE_URL). */
    siteUrl?: string;
    /** The server-rendered public pages (`createPageRenderer` of `@agora/root/server`). */
    pages?: PageRenderer;
    /** The live route's bounds where they differ from the contracts' (a benchmark's). */
    live?: GatewayOptions['live'];
  };
  /** Health, readiness (every service's) and metrics on AGORA_OPERATOR_PORT, when that is set. */
  operator?: boolean;
}

export interface ComposedAgora extends ComposedServices {
  gateway: HttpApp;
  /** The operator listener, when asked for and AGORA_OPERATOR_PORT is set. */
  operator: HttpApp | null;
  /**
   * Opens the gateway on a port (until then it answers `gateway.inject` only); its address, a wildcard
   * host given as localhost.
   */
  listen(address: { host: string; port: number }): Promise<string>;
  /**
   * Starts one more instance and routes its service's calls to it (`routed: false` for an instance
   * kept off the gateway, one that writes seed data beside the routed one, say).
   */
  start<Parts>(
    module: ServiceModule<Parts>,
    options?: InstanceOptions & { routed?: boolean },
  ): Promise<RunningService<Parts>>;
  /** Closes the gateway and the operator listener, then stops every service and the bus. */
  close(): Promise<void>;
}

const DEFAULT_SETTLE_MS = 60_000;

const entryOf = (entry: ServiceEntry): { module: ServiceModule } & InstanceOptions =>
  'module' in entry ? entry : { module: entry };

/** The bus and the given services on one database, without a gateway (the seeder, operator commands). */
export async function composeServices(options: ComposeServicesOptions): Promise<ComposedServices> {
  const { config, databaseUrl, log } = options;
  const bus = await createEventBus({ ...busSettingsOf(config), ...options.bus, databaseUrl, log });
  const services: RunningService[] = [];
  const start = async <Parts>(module: ServiceModule<Parts>, instance: InstanceOptions = {}) => {
    const service = await startService(module, {
      config: instance.config ?? config,
      databaseUrl,
      bus,
      log,
      maxConnections: instance.maxConnections ?? options.maxConnections,
    });
    services.push(service);
    return service;
  };
  const stopAll = async () => {
    for (const service of services.splice(0).reverse()) await service.close();
    await bus.close();
  };
  try {
    for (const entry of options.services) {
      const { module, ...instance } = entryOf(entry);
      await start(module, instance);
    }
  } catch (error) {
    await stopAll().catch((cleanup) => log.warn({ err: cleanup }, 'stopping a half-composed Agora failed'));
    throw error;
  }
  return {
    config,
    databaseUrl,
    bus,
    services,
    service(name) {
      const found = services.find((s) => s.name === name);
      if (!found) throw new Error(`service ${name} is not in this composition`);
      return found;
    },
    start,
    async stop(service) {
      const index = services.indexOf(service);
      if (index < 0) throw new Error(`this instance of ${service.name} is not running in this composition`);
      services.splice(index, 1);
      await service.close();
    },
    async settle(timeoutMs = DEFAULT_SETTLE_MS) {
      const deadline = Date.now() + timeoutMs;
      // A consumer's writes can be another's input (votes' ledger appends the reputation changes site counts), and
      // a service already passed would not see them: pass again until a whole pass found nobody behind.
      for (;;) {
        let waited = false;
        for (const service of services) {
          if (await service.projections.waitForCatchUp(Math.max(deadline - Date.now(), 1))) waited = true;
        }
        if (!waited) return;
      }
    },
    async startedUp() {
      await Promise.all(services.map((service) => service.projections.startedUp));
    },
    close: stopAll,
  };
}

/** The address a person opens: a wildcard host is reached as localhost. */
function urlOf(app: HttpApp, host: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
}

/** Agora as `npm start` runs it: the bus, the given services, and the gateway in front of them, in-process. */
export async function composeAgora(options: ComposeAgoraOptions): Promise<ComposedAgora> {
  const { config, log } = options;
  const core = await composeServices(options);
  // Read by the gateway at each request: an instance started or stopped later is routed or dropped.
  const transports: Partial<Record<ServiceName, ServiceTransport>> = {};
  const routed = new Map<string, RunningService>();
  const route = (service: RunningService) => {
    if (routed.has(service.name)) throw new Error(`${service.name} is already routed in this composition`);
    routed.set(service.name, service);
    transports[service.name as ServiceName] = new InProcessTransport(service.app);
  };
  let gateway: HttpApp | null = null;
  let operator: HttpApp | null = null;
  try {
    for (const service of core.services) route(service);
    gateway = await createGateway({
      log,
      transports,
      trustProxy: options.gateway?.trustProxy ?? config.trustProxy,
      webRoot: options.gateway?.webRoot,
      siteUrl: options.gateway?.siteUrl ?? config.siteUrl,
      pages: options.gateway?.pages,
      connections: config,
      bus: core.bus,
      live: options.gateway?.live,
    });
    if (options.operator) {
      operator = await startOperatorListener(config, {
        log,
        ready: readyWhenAll(core.services.map((s) => s.app)),
        degraded: degradedWhenAny(core.services),
      });
    }
  } catch (error) {
    await gateway?.close().catch(() => {});
    await operator?.close().catch(() => {});
    await core.close().catch((cleanup) => log.warn({ err: cleanup }, 'stopping a half-composed Agora failed'));
    throw error;
  }
  const app = gateway;
  return {
    ...core,
    gateway: app,
    operator,
    async listen(address) {
      await app.listen(address);
      return urlOf(app, address.host);
    },
    async start(module, { routed: isRouted = true, ...instance } = {}) {
      if (isRouted && routed.has(module.name)) throw new Error(`${module.name} is already routed in this composition`);
      const service = await core.start(module, instance);
      if (isRouted) route(service);
      return service;
    },
    async stop(service) {
      if (routed.get(service.name) === service) {
        routed.delete(service.name);
        delete transports[service.name as ServiceName];
      }
      await core.stop(service);
    },
    async close() {
      await app.close();
      await operator?.close();
      await core.close();
    },
  };
}
