/** The gateway alone (scaled out): it reaches each service over HTTP at AGORA_SERVICE_URLS. */
import path from 'node:path';
import { createLogger, loadConfigOrExit, onShutdown } from '@agora/platform';
import { createGateway } from './gateway';
import { startOperatorListener } from './operator';
import type { ServiceName } from './routing-table';
import { HttpTransport, type ServiceTransport } from './transports';

const config = loadConfigOrExit();
const log = createLogger(config);
const transports: Partial<Record<ServiceName, ServiceTransport>> = {};
for (const [name, url] of Object.entries(config.serviceUrls)) transports[name as ServiceName] = new HttpTransport(url);
// The built web app: AGORA_WEB_ROOT, else this checkout's frontends/root/dist (empty = API only).
const webRoot = process.env.AGORA_WEB_ROOT ?? path.resolve(import.meta.dirname, '../../frontends/root/dist');
const gateway = await createGateway({
  log,
  transports,
  trustProxy: config.trustProxy,
  webRoot: webRoot || undefined,
  siteUrl: config.siteUrl,
});
// Ready while it runs: each service has its own readiness, and one service down leaves the others served.
const operator = await startOperatorListener(config, { log });
await gateway.listen({ host: config.host, port: config.port });
log.info(`gateway listening on http://${config.host}:${config.port} for ${Object.keys(transports).join(', ')}`);
onShutdown(async () => {
  await gateway.close();
  await operator?.close();
  await Promise.all(Object.values(transports).map((t) => t.close()));
}, log);
