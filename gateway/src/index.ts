export { AccessTokens } from './access-tokens';
export { API_DOCS_PATH, OPENAPI_DOCUMENT_PATH } from './api-reference';
export { BalancedTransport, type Replica } from './balancer/balanced-transport';
export {
  type ComposeAgoraOptions,
  type ComposedAgora,
  type ComposedServices,
  type ComposeServicesOptions,
  composeAgora,
  composeServices,
  type InstanceOptions,
  type ServiceEntry,
} from './compose';
export { createGateway, type GatewayOptions } from './gateway';
export { lazyPageRenderer } from './lazy-pages';
export { createOperatorApp, degradedWhenAny, readyWhenAll, startOperatorListener } from './operator';
export type { AnonymousRead, PageRenderer, RenderedPage } from './public-pages';
export { matchRoute, SERVICE_NAMES, type ServiceName } from './routing-table';
export { transportsOverHttp } from './service-transports';
export { HttpTransport, InProcessTransport, type ServiceTransport } from './transports';
export { serveWebApp } from './web-app';
