import { isImported } from '@agora/contracts';
import { first, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { tabOfAction, typeOfAction } from '../domain/actions';
import { eventKey, joinsLatest, notificationId } from '../domain/grouping';
import type { NotificationIntent } from '../domain/recipients';
import { recountAll } from './counters';
import { RECEIVES_AT } from './eligibility';

export type NotifyOutcome = 'opened' | 'joined' | 'skipped';

interface Check {
  receives: boolean;
  fresh: boolean;
  id: string | null;
  read_at: Date | null;
}

/**
 * Gives one notification: skipped for users who could not receive it when the event happened, and for an
 * event already counted for this receiver; otherwise it joins the open notification of its group (one
 * per receiver, object and action until read, with a count) or opens a new one, which lights a red dot.
 * Two statements: the checks with the group's latest notification, then the write. An imported event gives none:
 * its members were told at the source, long ago (docs/adr/0094-importing-a-community.md).
 */
export async function notify(tx: Tx, event: StoredEvent, intent: NotificationIntent): Promise<NotifyOutcome> {
  if (isImported(event)) return 'skipped';
  const at = event.occurredAt;
  const key = eventKey(event.id, intent.receiver, intent.action);
  const { rows } = await sql<Check>`
    with eligible as (select ${RECEIVES_AT(intent.receiver, at)} as receives),
    fresh as (
      insert into notification_event_keys (event_key, source)
      select ${key}, ${event.source} from eligible where receives
      on conflict do nothing returning event_key)
    select (select receives from eligible) as receives, exists (select 1 from fresh) as fresh, latest.id, latest.read_at
    from (select 1) as one left join lateral (
      select n.id, r.read_at from notifications n
      left join notification_reads r on r.notification_id = n.id
      where n.user_id = ${intent.receiver} and n.group_key = ${intent.groupKey} and n.action = ${intent.action}
      order by n.created_at desc, n.id desc limit 1) as latest on true`.execute(tx);
  const check = first(rows, 'the notification check');
  if (!check.receives || !check.fresh) return 'skipped';

  if (check.id && joinsLatest({ readAt: check.read_at }, new Date(at))) {
    await join(tx, check.id, at, key, intent);
    return 'joined';
  }

  // A new notification lights its red dot unless the user looked since it happened, or (replaying) had
  // already read this very notification. Its `notification_opened` event is on a stream named by its id, so a
  // replay that opens it again announces nothing twice (docs/adr/0099-live-pages.md).
  const id = notificationId(key);
  const type = typeOfAction(intent.action);
  const count = sql.ref(type);
  const cleared = sql.ref(`${type}_cleared_at`);
  await sql`
    with opened as (
      insert into notifications (id, user_id, type, tab, action, group_key, object_id, object_type, question_id,
                                 trigger_user_id, count, rank, source, created_at, updated_at, earliest_event_key,
                                 latest_event_key)
      values (${id}, ${intent.receiver}, ${type}, ${tabOfAction(intent.action)}, ${intent.action}, ${intent.groupKey},
              ${intent.objectId}, ${intent.objectType}, ${intent.questionId}, ${intent.triggerUserId}, 1,
              ${intent.rank ?? 0}, ${event.source}, ${at}::timestamptz, ${at}::timestamptz, ${key}, ${key})
      returning id),
    announced as (
      insert into events (event_id, stream_id, stream_version, type, data, metadata)
      select gen_random_uuid(), 'notification-' || opened.id, 1, 'notifications.notification_opened',
        jsonb_build_object('notification_id', opened.id, 'user_id', ${intent.receiver}::text, 'type', ${type}::text),
        jsonb_build_object('actorId', null, 'correlationId', ${event.metadata.correlationId}::text,
                           'causationId', ${event.id}::text, 'schemaVersion', 1)
      from opened
      on conflict (stream_id, stream_version) do nothing)
    insert into notification_counters as c (user_id, ${count})
    select ${intent.receiver}, 1 from opened
    where not exists (select 1 from notification_reads r where r.notification_id = ${id})
    on conflict (user_id) do update set ${count} = c.${count} + 1 where c.${cleared} < ${at}::timestamptz`.execute(tx);
  return 'opened';
}

/**
 * An event joins an open notification as if the events had come in the order they happened, whatever order they
 * are applied in (on Kafka two voters' votes travel on different partitions: docs/adr/0080-one-batch-of-a-group-at-a-time.md):
 * the latest event's facts are shown (who did it last, on what), and the earliest event names the notification and
 * dates it, so a replay from the log finds the same row. A read recorded against the old name moves with it.
 */
async function join(tx: Tx, id: string, at: string, key: string, intent: NotificationIntent): Promise<void> {
  // Events are ordered by time, then (for the same millisecond) by key, so that every order of applying them agrees.
  const isLatest = sql`(${at}::timestamptz > updated_at
    or (${at}::timestamptz = updated_at and ${key}::text collate "C" > latest_event_key collate "C"))`;
  const isEarliest = sql`(${at}::timestamptz < created_at
    or (${at}::timestamptz = created_at and ${key}::text collate "C" < earliest_event_key collate "C"))`;
  const latest = (value: unknown, column: string) =>
    sql`case when ${isLatest} then ${value} else ${sql.ref(column)} end`;
  const earliest = (value: unknown, column: string) =>
    sql`case when ${isEarliest} then ${value} else ${sql.ref(column)} end`;
  await sql`
    with joined as (
      update notifications set count = count + 1, rank = rank + ${intent.rank ?? 0},
        object_id = ${latest(intent.objectId, 'object_id')}, object_type = ${latest(intent.objectType, 'object_type')},
        question_id = ${latest(intent.questionId, 'question_id')},
        trigger_user_id = ${latest(intent.triggerUserId, 'trigger_user_id')},
        latest_event_key = ${latest(key, 'latest_event_key')},
        updated_at = greatest(updated_at, ${at}::timestamptz),
        id = ${earliest(notificationId(key), 'id')},
        earliest_event_key = ${earliest(key, 'earliest_event_key')},
        created_at = least(created_at, ${at}::timestamptz)
      where id = ${id}
      returning id)
    update notification_reads set notification_id = joined.id
    from joined where notification_reads.notification_id = ${id} and joined.id <> ${id}`.execute(tx);
}

/** Empties what one source's events made, and counts every red dot again from what is left. */
export async function forgetSource(tx: Tx, source: string): Promise<void> {
  await sql`delete from notifications where source = ${source}`.execute(tx);
  await sql`delete from notification_event_keys where source = ${source}`.execute(tx);
  await recountAll(tx);
}
