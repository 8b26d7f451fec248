import {
  AnonymousVoteCounted,
  isImported,
  ObjectPurged,
  ReactionActivated,
  VoteCancelled,
  VoteCast,
} from '@agora/contracts';
import { itemAt, type Projection, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { AwardCommands, AwardRequest } from '../../commands/awards';
import { awardsFor } from '../../domain/rules/award-rules';
import { postObject } from '../../domain/rules/facts';
import { foldVotes, type VoteInput } from '../../domain/rules/vote-fold';
import { loadVoteRuleState, resetTallies, saveVoteRuleState } from './vote-tally';

type Vote = Static<typeof VoteCast.data> | (Static<typeof AnonymousVoteCounted.data> & { user_id?: undefined });
type Reaction = Static<typeof ReactionActivated.data>;

function voteInput(event: StoredEvent): VoteInput {
  const vote = event.data as Vote;
  return {
    streamId: event.streamId,
    version: event.version,
    kind: event.type === VoteCancelled.type ? 'cancel' : 'cast',
    objectId: vote.object_id,
    objectType: vote.object_type,
    questionId: vote.question_id,
    // A vote a source counted without its voter (`votes.anonymous_vote_counted`) has none.
    voterId: vote.user_id ?? '',
    ownerId: vote.owner_id,
    direction: vote.direction,
    imported: isImported(event),
  };
}

/**
 * A batch of votes and reactions in a few statements, whatever its size: the rules' state for its streams
 * and posts read at once, the votes folded in order (domain/rules/vote-fold.ts), the counts written back
 * at once, and the awards they earned checked together and made one by one.
 */
async function applyEvents(awards: AwardCommands, tx: Tx, allEvents: StoredEvent[]): Promise<void> {
  const events = allEvents.filter((e) => e.type !== ObjectPurged.type);
  const voteEvents = events.filter((e) => e.type !== ReactionActivated.type);
  const requests: AwardRequest[] = [];
  if (voteEvents.length > 0) {
    const votes = voteEvents.map(voteInput);
    const state = await loadVoteRuleState(tx, votes);
    const { intents, streams, posts } = foldVotes(state, votes);
    await saveVoteRuleState(tx, state, { streams, posts });
    for (const { intent, at } of intents) requests.push({ intent, cause: itemAt(voteEvents, at) });
  }
  for (const event of events) {
    if (event.type !== ReactionActivated.type || isImported(event)) continue;
    const reaction = event.data as Reaction;
    const on = postObject(reaction.object_type, reaction.object_id, reaction.question_id);
    for (const intent of awardsFor({ kind: 'reaction_added', userId: reaction.user_id, on })) {
      requests.push({ intent, cause: event });
    }
  }
  await awards.awardAll(tx, requests);
  // Votes on a purged post are void: the up-votes counted on it go, after this batch's votes were folded
  // (docs/adr/0078-purging-in-an-event-sourced-system.md).
  for (const event of allEvents) {
    if (event.type !== ObjectPurged.type) continue;
    const objectId = (event.data as { object_id: string }).object_id;
    await sql`delete from post_tallies where object_id = ${objectId}`.execute(tx);
    await sql`delete from vote_versions where strpos(stream_id, ${objectId}) > 0`.execute(tx);
  }
}

/**
 * Badges earned by votes and reactions: "First Upvote" for the voter, the up-vote badges
 * for the author of a question or answer whose up-votes reach their thresholds, "First Reaction". It keeps
 * each vote stream's version and each post's up-votes. Imported votes and reactions earn nothing (their source's
 * awards come in as records), but imported up-votes, with or without their voter, count towards the thresholds
 * later votes reach (docs/adr/0094-importing-a-community.md).
 */
export function awardsFromVotes(awards: AwardCommands): Projection {
  return {
    name: 'awards-from-votes',
    source: 'votes',
    events: [VoteCast, VoteCancelled, AnonymousVoteCounted, ReactionActivated, ObjectPurged],
    apply: (event, tx) => applyEvents(awards, tx, [event]),
    applyBatch: (events, tx) => applyEvents(awards, tx, events),
    // Awards stay: they are badges' own events, and a replay finds each one held already.
    reset: resetTallies,
  };
}
