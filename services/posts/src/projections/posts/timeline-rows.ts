import type { Tx } from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';

/** An event's time: its stored time on replay, or `now()` when written by the statement that appends it. */
export type Time = string | RawBuilder<unknown>;

/** One row of a post's activity timeline. */
export type ActivityRow = {
  object: string;
  timeline: string;
  type: string;
  user: string;
  revision?: string | null;
  comment?: string;
  /** The reason a moderator gave (a close reason's type), shown by name on the timeline. */
  reason?: number | null;
};

/** A timeline row's key: the event's id and the timeline it is on (an event writes at most one row per timeline). */
export const activityEventId = (eventId: string, timeline: string) => `${eventId}:${timeline}`;

/** Inserts an event's timeline rows (one statement for all of them). */
export function insertActivity(event: { id: string; occurredAt: Time }, rows: ActivityRow[]) {
  const values = rows.map(
    (row) => sql`(${activityEventId(event.id, row.timeline)}, ${row.object}, ${row.timeline}, ${row.type}, ${row.user},
                  ${row.revision ?? null}, ${row.comment ?? ''}, ${row.reason ?? null}::integer, ${event.occurredAt}::timestamptz)`,
  );
  return sql`
    insert into activity (event_id, object_id, original_object_id, activity_type, user_id, revision_id, comment,
                          reason_type, created_at)
    values ${sql.join(values)}
    on conflict (event_id) do nothing`;
}

export async function activity(tx: Tx, event: { id: string; occurredAt: string }, ...rows: ActivityRow[]) {
  await insertActivity(event, rows).execute(tx);
}
