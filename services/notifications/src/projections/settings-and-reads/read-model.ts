import { EmailSettingsChanged, NotificationsRead, type NotificationType, RedDotCleared } from '@agora/contracts';
import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import { clearRedDot, countRead } from '../../inbox/counters';

/**
 * This service's own events, applied in the transaction that appends them (the caller reads its own
 * write): e-mail settings, reads and red dots. Their tables are never emptied by a rebuild of the
 * projections of other services' events, which find them again when they replay.
 */
export async function applyOwnEvent(tx: Tx, event: StoredEvent): Promise<void> {
  switch (event.type) {
    case EmailSettingsChanged.type: {
      const d = event.data as Static<typeof EmailSettingsChanged.data>;
      await sql`
        insert into notification_settings (user_id, inbox, all_new_question, followed_tags, digest)
        values (${d.user_id}, ${d.inbox}, ${d.all_new_question}, ${d.followed_tags}, ${d.digest})
        on conflict (user_id) do update set inbox = excluded.inbox, all_new_question = excluded.all_new_question,
          followed_tags = excluded.followed_tags, digest = excluded.digest`.execute(tx);
      return;
    }
    case NotificationsRead.type: {
      const d = event.data as Static<typeof NotificationsRead.data>;
      const { rows } = await sql<{ notification_id: string }>`
        insert into notification_reads (notification_id, user_id, read_at)
        select id, ${d.user_id}, ${event.occurredAt}::timestamptz from unnest(${d.notification_ids}::text[]) as id
        on conflict (notification_id) do nothing
        returning notification_id`.execute(tx);
      await countRead(
        tx,
        d.user_id,
        d.type,
        rows.map((r) => r.notification_id),
      );
      return;
    }
    case RedDotCleared.type: {
      const d = event.data as { user_id: string; type: NotificationType };
      await clearRedDot(tx, d.user_id, d.type, event.occurredAt);
      return;
    }
  }
}

/**
 * This service's own events as one unit, for a rebuild from its own log before the projections of other services'
 * events replay (rebuildInlineReadModel; a restore, docs/adr/0101-backup-and-restore.md). The counters are theirs.
 */
export const ownReadModel = {
  async reset(tx: Tx) {
    await sql`truncate notification_settings, notification_reads`.execute(tx);
  },
  apply: applyOwnEvent,
};
