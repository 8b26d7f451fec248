import type { NotificationType } from '@agora/contracts';
import type { Tx } from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';

/**
 * The lock group (Projection.lockGroup) of the projections that open notifications and so add to red-dot
 * counters: a batch of one touches many users' counter rows in event order, and two such batches side by
 * side deadlocked on `notification_counters` after a bulk load. They take turns instead.
 */
export const COUNTER_WRITERS = 'notification_counters';
/**
 * Events per transaction of those projections: each event takes several statements, and while a batch's
 * transaction is open it holds back every consumer reading a log on the same server (the log's fence,
 * docs/adr/0034-consumers-read-the-log-in-one-statement.md), and the other counter writers wait for their turn.
 */
export const COUNTER_WRITERS_BATCH = 100;

/** Red-dot counters as a keyed change-feed topic: a change names its user (`notifications/counters#id`). */
export const COUNTERS_TOPIC = 'counters';

const column = (type: NotificationType) => sql.ref(type);
const clearedColumn = (type: NotificationType) => sql.ref(`${type}_cleared_at`);

/** Notifications just read: those that counted (opened after the last look) come off the red dot. */
export async function countRead(tx: Tx, userId: string, type: NotificationType, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update notification_counters c
      set ${column(type)} = greatest(c.${column(type)} - (
        select count(*)::int from notifications n where n.id = any(${ids}) and n.created_at > c.${clearedColumn(type)}), 0)
    where c.user_id = ${userId}`.execute(tx);
}

/**
 * The user looked: the red dot starts again from that moment, counting only what opened after it (an
 * event that committed while the user looked may already be newer).
 */
export async function clearRedDot(tx: Tx, userId: string, type: NotificationType, at: string): Promise<void> {
  await sql`
    insert into notification_counters as c (user_id, ${clearedColumn(type)}) values (${userId}, ${at}::timestamptz)
    on conflict (user_id) do update set ${clearedColumn(type)} = greatest(c.${clearedColumn(type)}, excluded.${clearedColumn(type)})`.execute(
    tx,
  );
  await sql`
    update notification_counters c set ${column(type)} = (
      select count(*)::int from notifications n
      where n.user_id = c.user_id and n.type = ${type} and n.created_at > c.${clearedColumn(type)}
        and not exists (select 1 from notification_reads r where r.notification_id = n.id))
    where c.user_id = ${userId}`.execute(tx);
}

/** After notifications were removed (a rebuild): every red dot counted again from what is left. */
export async function recountAll(tx: Tx): Promise<void> {
  await recount(tx, sql`true`);
}

/** After some members' notifications were removed (of purged posts): their red dots counted again. */
export async function recountUsers(tx: Tx, userIds: string[]): Promise<void> {
  if (userIds.length > 0) await recount(tx, sql`c.user_id = any(${userIds}::text[])`);
}

async function recount(tx: Tx, which: RawBuilder<unknown>): Promise<void> {
  await sql`
    update notification_counters c set
      inbox = (select count(*)::int from notifications n
               where n.user_id = c.user_id and n.type = 'inbox' and n.created_at > c.inbox_cleared_at
                 and not exists (select 1 from notification_reads r where r.notification_id = n.id)),
      achievement = (select count(*)::int from notifications n
               where n.user_id = c.user_id and n.type = 'achievement' and n.created_at > c.achievement_cleared_at
                 and not exists (select 1 from notification_reads r where r.notification_id = n.id))
    where ${which}`.execute(tx);
}
