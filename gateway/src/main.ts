/** The gateway alone (scaled out): it reaches each service over HTTP at AGORA_SERVICE_URLS, its replicas balanced. */
import path from 'node:path';
import {
  busSettingsOf,
  ConfigError,
  createEventBus,
  createLogger,
  type EventBus,
  exitOnConfigError,
  loadConfigOrExit,
  onShutdown,
} from '@agora/platform';
import { createGateway } from './gateway';
import { lazyPageRenderer } from './lazy-pages';
import { startOperatorListener } from './operator';
import { transportsOverHttp } from './service-transports';

// Production mode unless told otherwise, before the pages' React loads (docs/adr/0072-production-mode.md).
process.env.NODE_ENV ||= 'production';
const config = loadConfigOrExit();
const log = createLogger(config);
// Several addresses of a service are its replicas, balanced (docs/adr/0074-replicas-behind-the-gateway.md).
const transports = (() => {
  try {
    return transportsOverHttp(config.serviceUrls, log);
  } catch (error) {
    exitOnConfigError(new ConfigError((error as Error).message));
  }
})();
// The live pages follow the bus (docs/adr/0099-live-pages.md): Kafka when configured; the PostgreSQL log when the
// gateway is given the database the services share; none otherwise (the live route then answers 404).
const bus: EventBus | undefined =
  config.bus === 'kafka' || config.databaseUrl
    ? await createEventBus({
        ...busSettingsOf(config),
        databaseUrl: config.databaseUrl ?? '',
        clientId: 'agora-gateway',
        log,
      })
    : undefined;
// The built web app: AGORA_WEB_ROOT, else this checkout's frontends/root/dist (empty = API only).
const webRoot = process.env.AGORA_WEB_ROOT ?? path.resolve(import.meta.dirname, '../../frontends/root/dist');
const gateway = await createGateway({
  log,
  transports,
  trustProxy: config.trustProxy,
  webRoot: webRoot || undefined,
  // The public pages rendered on the server, as `npm start` does (docs/adr/0066-server-rendered-public-pages.md).
  pages: webRoot ? lazyPageRenderer(webRoot) : undefined,
  siteUrl: config.siteUrl,
  connections: config,
  bus,
});
// Ready while it runs: each service has its own readiness, and one service down leaves the others served.
const operator = await startOperatorListener(config, { log });
await gateway.listen({ host: config.host, port: config.port });
log.info(`gateway listening on http://${config.host}:${config.port} for ${Object.keys(transports).join(', ')}`);
onShutdown(async () => {
  await gateway.close();
  await operator?.close();
  await bus?.close();
  await Promise.all(Object.values(transports).map((t) => t.close()));
}, log);
