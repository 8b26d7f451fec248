export { AccessTokens } from './access-tokens';
export { API_DOCS_PATH, OPENAPI_DOCUMENT_PATH } from './api-reference';
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
export { createOperatorApp, degradedWhenAny, readyWhenAll, startOperatorListener } from './operator';
export { matchRoute, SERVICE_NAMES, type ServiceName } from './routing-table';
export { HttpTransport, InProcessTransport, type ServiceTransport } from './transports';
export { serveWebApp } from './web-app';
