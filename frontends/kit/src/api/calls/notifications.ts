import { api } from '../client';

/** `notification/status` (api.md RedDot). */
export interface RedDot {
  inbox: number;
  achievement: number;
  revision: number;
  can_revision: boolean;
}

export const NO_RED_DOT: RedDot = { inbox: 0, achievement: 0, revision: 0, can_revision: false };

export const notificationApi = {
  /** Polled: every failure is ignored (spec §8), a deployment without the route has no dots. */
  status: () => api.get<RedDot | null>('notification/status', { silent: true }).catch(() => NO_RED_DOT),
};
