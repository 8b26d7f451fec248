import { Limits } from '@agora/contracts/limits';
import { api } from '../client';
import type { InboxType, NotificationConfig, NotificationItem, Page, RedDot } from '../wire';

/** The two lists of notifications: the inbox (the bell) and achievements (the trophy). */
export type NotificationKind = 'inbox' | 'achievement';

export const NO_RED_DOT: RedDot = { inbox: 0, achievement: 0, revision: 0, can_revision: false, badge_award: null };

export const notificationApi = {
  /** Polled: every failure is ignored, a deployment without the route has no dots. */
  status: () => api.get<RedDot | null>('notification/status', { silent: true }).catch(() => NO_RED_DOT),
  /** Marks one notification read (it also dismisses its badge pop-up). */
  markRead: (id: string) => api.put<Record<string, never>>('notification/read/state', { id }),
  page: (type: NotificationKind, inbox_type: InboxType, page: number) =>
    api.get<Page<NotificationItem>>('notification/page', {
      params: { type, inbox_type, page, page_size: Limits.pageSize.notifications },
    }),
  markAllRead: (type: NotificationKind) => api.put<Record<string, never>>('notification/read/state/all', { type }),
  /** Seen: the red dot of that list goes (the items stay unread until opened). */
  clearDot: (type: NotificationKind) => api.put<RedDot>('notification/status', { type }, { silent: true }),
  /** The member's e-mail notification switches and digest frequency. */
  config: () => api.get<NotificationConfig>('user/notification/config'),
  saveConfig: (body: Partial<NotificationConfig>) => api.put<null>('user/notification/config', body),
  /** From a mail's unsubscribe link: switches e-mail off for the sources it lists. */
  unsubscribe: (code: string) => api.put<null>('user/notification/unsubscribe', { code }, { silent: true }),
};
