import {
  badgeEarnedTitle,
  type InboxType,
  type Language,
  type NotificationItem,
  type NotificationType,
  type Page,
  type SiteSettings,
  seconds,
  translate,
} from '@agora/contracts';
import { type Db, loadAuthorCards } from '@agora/platform';
import { sql } from 'kysely';
import { isAnonymous, isNotificationAction } from '../domain/actions';

interface Row {
  id: string;
  action: string;
  object_id: string;
  object_type: string;
  question_id: string;
  trigger_user_id: string | null;
  count: number;
  rank: number;
  updated_at: Date;
  is_read: boolean;
  title: string | null;
  answer_id: string | null;
}

/** The ids a client needs to link to the object: its question, answer and comment, or the badge earned. */
function objectMap(row: Row): Record<string, string> {
  if (row.object_type === 'badge_award') return { badge_id: row.object_id };
  if (row.object_type === 'user') return { user: row.object_id };
  if (row.object_type === 'tag') return { tag: row.object_id };
  const map: Record<string, string> = { question: row.question_id };
  if (row.object_type === 'answer') map.answer = row.object_id;
  if (row.object_type === 'comment') {
    if (row.answer_id) map.answer = row.answer_id;
    map.comment = row.object_id;
  }
  return map;
}

export interface PageQuery {
  type: NotificationType;
  inbox_type: InboxType;
  page: number;
  page_size: number;
}

/**
 * `notification/page`: newest activity first (a notification that gathers another event moves up);
 * titles and object maps come from the post index, trigger users from the actors, in one query each.
 */
export async function notificationPage(
  db: Db,
  userId: string,
  query: PageQuery,
  language: Language,
  settings: SiteSettings,
): Promise<Page<NotificationItem>> {
  const filter =
    query.type === 'inbox' && query.inbox_type !== 'all'
      ? sql`n.user_id = ${userId} and n.tab = ${query.inbox_type}`
      : sql`n.user_id = ${userId} and n.type = ${query.type}`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ count: number }>`select count(*)::int as count from notifications n where ${filter}`.execute(db),
    sql<Row>`
      select n.id, n.action, n.object_id, n.object_type, n.question_id, n.trigger_user_id, n.count, n.rank,
             n.updated_at, r.notification_id is not null as is_read, q.title, o.answer_id
      from notifications n
      left join notification_reads r on r.notification_id = n.id
      left join post_index q on q.object_id = n.question_id
      left join post_index o on o.object_id = n.object_id
      where ${filter}
      order by n.updated_at desc, n.id desc
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`.execute(db),
  ]);
  // A deleted trigger user shows as `user<masked id>`, by the one rule of author cards (docs/behaviour-decisions.md).
  const cards = await loadAuthorCards(
    db,
    rows.filter((r) => !isAnonymousAction(r.action)).map((r) => r.trigger_user_id),
    settings,
  );
  const list = rows.map((row): NotificationItem => {
    const item: NotificationItem = {
      id: row.id,
      object_info: {
        // A badge's title is its award in the reader's language.
        title: row.object_type === 'badge_award' ? badgeEarnedTitle(language, row.object_id) : (row.title ?? ''),
        object_id: row.object_id,
        object_map: objectMap(row),
        object_type: row.object_type,
      },
      rank: row.rank,
      notification_action: translate(language, `notification.action.${row.action}`),
      action: row.action,
      count: row.count,
      is_read: row.is_read,
      update_time: seconds(row.updated_at),
    };
    if (row.trigger_user_id && !isAnonymousAction(row.action)) {
      item.user_info = cards.get(row.trigger_user_id);
    }
    return item;
  });
  return { count: counted[0]?.count ?? 0, list };
}

function isAnonymousAction(action: string): boolean {
  return isNotificationAction(action) && isAnonymous(action);
}
