import { type NotificationItem, questionPath, ROUTES } from '@agora/kit';

/** Where a notification leads: the badge of an award, else its question (at the answer when it names one). */
export function notificationLink(item: NotificationItem, permalink: number | undefined): string {
  const map = item.object_info.object_map;
  if (map.badge_id) return ROUTES.badge(map.badge_id);
  const question = map.question ?? (item.object_info.object_type === 'question' ? item.object_info.object_id : '');
  if (!question) return '';
  return questionPath(permalink, question, '', map.answer || undefined);
}
