import { api } from '../client';
import type { RedDot } from '../wire';

export const NO_RED_DOT: RedDot = { inbox: 0, achievement: 0, revision: 0, can_revision: false, badge_award: null };

export const notificationApi = {
  /** Polled: every failure is ignored, a deployment without the route has no dots. */
  status: () => api.get<RedDot | null>('notification/status', { silent: true }).catch(() => NO_RED_DOT),
  /** Marks one notification read (it also dismisses its badge pop-up). */
  markRead: (id: string) => api.put<Record<string, never>>('notification/read/state', { id }),
};
