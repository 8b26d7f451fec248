import type { EventOf, ReactionActivated, ReactionDeactivated } from '@agora/contracts';
import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

/** The keyed change-feed topic of `reactions`: a change names its post (`votes/reactions#<post id>`). */
export const REACTIONS_TOPIC = 'reactions';

type ReactionEvent = EventOf<typeof ReactionActivated> | EventOf<typeof ReactionDeactivated>;

/** `reactions`: one row per active reaction, from the (member, post) reaction streams. */
export async function applyReaction(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type !== 'votes.reaction_activated' && event.type !== 'votes.reaction_deactivated') return;
  const d = (event as unknown as ReactionEvent).data;
  if (event.type === 'votes.reaction_activated') {
    await sql`
      insert into reactions (object_id, emoji, user_id, object_type, question_id, owner_id, reacted_at)
      values (${d.object_id}, ${d.emoji}, ${d.user_id}, ${d.object_type}, ${d.question_id}, ${d.owner_id},
              ${event.occurredAt})
      on conflict (object_id, emoji, user_id) do nothing`.execute(tx);
  } else {
    await sql`delete from reactions where object_id = ${d.object_id} and emoji = ${d.emoji} and user_id = ${d.user_id}`.execute(
      tx,
    );
  }
}

export async function resetReactions(tx: Tx): Promise<void> {
  await sql`truncate reactions`.execute(tx);
}
