import { REACTION_EMOJIS, ReactionActivated, type ReactionEmoji } from '@agora/contracts';
import type { ImportedReaction, ImportTally } from '@agora/contracts/import/records';
import { type ImportedEvent, skip, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { reactionStreamId } from '../domain/reaction/decider';
import type { PostFacts } from './imported-posts';

const EMOJIS: ReadonlySet<string> = new Set(REACTION_EMOJIS);

/** The reaction streams of these (post, member) pairs: their versions and the emojis they hold active now. */
async function streamsNow(tx: Tx, reactions: ImportedReaction[]) {
  const pairs = JSON.stringify(reactions.map((r) => ({ o: r.object_id, u: r.user_id })));
  const streams = reactions.map((r) => reactionStreamId(r.object_id, r.user_id));
  const { rows: versions } = await sql<{ stream_id: string; version: number }>`
    select stream_id, max(stream_version)::int as version from events
    where stream_id = any(${streams}::text[]) group by stream_id`.execute(tx);
  const { rows: active } = await sql<{ object_id: string; user_id: string; emoji: string }>`
    select r.object_id, r.user_id, r.emoji
    from (select distinct o, u from jsonb_to_recordset(${pairs}::jsonb) as p(o text, u text)) p
    join reactions r on r.object_id = p.o and r.user_id = p.u`.execute(tx);
  const now = new Map(versions.map((row) => [row.stream_id, { version: row.version, active: new Set<string>() }]));
  for (const row of active) now.get(reactionStreamId(row.object_id, row.user_id))?.active.add(row.emoji);
  return now;
}

/**
 * Reactions on their (member, post) streams, after what each stream holds: an emoji the member reacts with already
 * is written no more (a batch written again). The source keeps no time for a reaction, so it is the import's.
 */
export async function reactionEvents(
  tx: Tx,
  reactions: ImportedReaction[],
  posts: Map<string, PostFacts>,
  tally: ImportTally,
): Promise<ImportedEvent[]> {
  const streams = await streamsNow(tx, reactions);
  const at = new Date().toISOString();
  const events: ImportedEvent[] = [];
  for (const reaction of reactions) {
    const post = posts.get(reaction.object_id);
    if (!EMOJIS.has(reaction.emoji)) {
      skip(tally, `no such reaction in Agora: ${reaction.emoji}`);
      continue;
    }
    if (!post) {
      skip(tally, 'no such post: the reaction is on a post that was not imported');
      continue;
    }
    const streamId = reactionStreamId(reaction.object_id, reaction.user_id);
    const stream = streams.get(streamId) ?? { version: 0, active: new Set<string>() };
    streams.set(streamId, stream);
    tally.imported += 1;
    if (stream.active.has(reaction.emoji)) continue;
    stream.active.add(reaction.emoji);
    stream.version += 1;
    events.push({
      streamId,
      version: stream.version,
      type: ReactionActivated.type,
      data: {
        object_id: reaction.object_id,
        object_type: post.objectType,
        question_id: post.questionId,
        user_id: reaction.user_id,
        owner_id: post.ownerId,
        emoji: reaction.emoji as ReactionEmoji,
      },
      occurredAt: at,
      actorId: reaction.user_id,
    });
  }
  return events;
}
