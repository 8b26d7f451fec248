import { api } from '../client';
import type { ConnectorInfo, ConnectorUserInfo } from '../wire';

/** External logins: the buttons, a member's connected logins, linking and unlinking. */
export const connectorApi = {
  info: () => api.get<ConnectorInfo[]>('connector/info'),
  mine: () => api.get<ConnectorUserInfo[]>('connector/user/info'),
  /** The provider's URL to leave for to link it to the signed-in member (by the connector's name). */
  link: (name: string) => api.post<{ url: string }>(`connector/link/${encodeURIComponent(name)}`),
  unlink: (externalId: string) => api.delete<null>('connector/user/unbinding', { external_id: externalId }),
};
