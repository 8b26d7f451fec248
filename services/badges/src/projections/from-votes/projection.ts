import { ReactionAdded, VoteCancelled, VoteCast } from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import type { Static } from 'typebox';
import type { AwardCommands } from '../../commands/awards';
import { awardsFor } from '../../domain/rules/award-rules';
import { postObject } from '../../domain/rules/facts';
import { resetTallies, tallyVote, type Vote } from './vote-tally';

type Reaction = Static<typeof ReactionAdded.data>;

/** Up-votes add one to a post's count, and an up-vote withdrawn takes it away; down-votes leave it. */
const deltaOf = (event: StoredEvent, vote: Vote) =>
  vote.direction !== 'up' ? 0 : event.type === VoteCast.type ? 1 : -1;

async function onVote(awards: AwardCommands, tx: Tx, event: StoredEvent): Promise<void> {
  const vote = event.data as Vote;
  const outcome = await tallyVote(tx, event, deltaOf(event, vote));
  if (!outcome.fresh) return;
  const on = postObject(vote.object_type, vote.object_id, vote.question_id);
  const intents = [];
  if (event.type === VoteCast.type && vote.direction === 'up' && !outcome.voterHasFirst) {
    intents.push(...awardsFor({ kind: 'up_vote_cast', voterId: vote.user_id, on }));
  }
  if (outcome.upVotes !== null && vote.object_type !== 'comment') {
    const earned = awardsFor({
      kind: 'up_votes_counted',
      ownerId: vote.owner_id,
      objectType: vote.object_type,
      upVotes: outcome.upVotes,
      on,
    });
    intents.push(...earned.filter((intent) => !outcome.heldForPost.includes(intent.badge.id)));
  }
  await awards.award(tx, intents, event);
}

async function onReaction(awards: AwardCommands, tx: Tx, event: StoredEvent): Promise<void> {
  const reaction = event.data as Reaction;
  const on = postObject(reaction.object_type, reaction.object_id, reaction.question_id);
  await awards.award(tx, awardsFor({ kind: 'reaction_added', userId: reaction.user_id, on }), event);
}

/**
 * Badges earned by votes and reactions (behaviour §6): "First Upvote" for the voter, the up-vote badges
 * for the author of a question or answer whose up-votes reach their thresholds, "First Reaction".
 */
export function awardsFromVotes(awards: AwardCommands): Projection {
  return {
    name: 'awards-from-votes',
    source: 'votes',
    events: [VoteCast, VoteCancelled, ReactionAdded],
    async apply(event, tx) {
      if (event.type === ReactionAdded.type) return onReaction(awards, tx, event);
      return onVote(awards, tx, event);
    },
    // Awards stay: they are badges' own events, and a replay finds each one held already.
    reset: resetTallies,
  };
}
