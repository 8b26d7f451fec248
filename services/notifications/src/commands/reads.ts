import type { NewEvent, NotificationType } from '@agora/contracts';
import { errors, type ServiceContext, type Tx, type UserCache } from '@agora/platform';
import { sql } from 'kysely';
import { applyOwnEvent } from '../projections/settings-and-reads/read-model';

/** Reads and red dots of one user: their own stream, appended to without reading it back. */
export function readsStreamId(userId: string): string {
  return `notification-reads-${userId}`;
}

/** Marking notifications read and clearing red dots, each an event of this service. */
export class InboxCommands {
  constructor(
    private readonly context: ServiceContext,
    private readonly cache: Pick<UserCache<unknown>, 'evict'>,
  ) {}

  private async record(userId: string, decide: (tx: Tx) => Promise<NewEvent | null>): Promise<void> {
    await this.context.database.db.transaction().execute(async (tx) => {
      const event = await decide(tx);
      if (!event) return;
      const { events } = await this.context.store.append(
        readsStreamId(userId),
        'any',
        [event],
        { actorId: userId },
        tx,
      );
      for (const stored of events) await applyOwnEvent(tx, stored);
    });
    // The caller reads its own write at once, before the announcement of the change arrives.
    this.cache.evict(userId);
    this.context.changes.changed();
  }

  /** One notification of the caller's read (404 for anyone else's); reading it again changes nothing. */
  async markRead(userId: string, notificationId: string): Promise<void> {
    await this.record(userId, async (tx) => {
      const { rows } = await sql<{ user_id: string; type: NotificationType; read: boolean }>`
        select n.user_id, n.type, exists (select 1 from notification_reads r where r.notification_id = n.id) as read
        from notifications n where n.id = ${notificationId}`.execute(tx);
      const found = rows[0];
      if (!found || found.user_id !== userId) throw errors.notFound('error.notification.not_found');
      if (found.read) return null;
      return {
        type: 'notifications.read',
        data: { user_id: userId, type: found.type, notification_ids: [notificationId] },
      };
    });
  }

  /** Every unread notification of one type read; the event names them, so replays read the same ones. */
  async markAllRead(userId: string, type: NotificationType): Promise<void> {
    await this.record(userId, async (tx) => {
      const { rows } = await sql<{ id: string }>`
        select n.id from notifications n
        where n.user_id = ${userId} and n.type = ${type}
          and not exists (select 1 from notification_reads r where r.notification_id = n.id)
        order by n.id`.execute(tx);
      if (rows.length === 0) return null;
      return { type: 'notifications.read', data: { user_id: userId, type, notification_ids: rows.map((r) => r.id) } };
    });
  }

  /** The bell's or trophy's red dot back to zero; nothing to record when it is already. */
  async clearRedDot(userId: string, type: NotificationType): Promise<void> {
    await this.record(userId, async (tx) => {
      const { rows } = await sql<{ count: number }>`
        select ${sql.ref(type)} as count from notification_counters where user_id = ${userId}`.execute(tx);
      if ((rows[0]?.count ?? 0) === 0) return null;
      return { type: 'notifications.red_dot_cleared', data: { user_id: userId, type } };
    });
  }
}
