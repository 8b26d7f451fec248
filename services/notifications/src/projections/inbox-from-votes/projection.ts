import {
  ObjectPurged,
  objectTypeOf,
  type ReputationChange,
  ReputationChanged,
  type ReputationReason,
  VoteCast,
} from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import { forOthers, voteCast } from '../../domain/recipients';
import { COUNTER_WRITERS, COUNTER_WRITERS_BATCH } from '../../inbox/counters';
import { forgetSource, notify } from '../../inbox/notify';
import { forgetPurgedPosts } from '../inbox-from-posts/purged-posts';

type Vote = Static<typeof VoteCast.data>;

/** Reputation that moves because of something done to a post; not account entries. */
const POST_REASONS: ReadonlySet<ReputationReason> = new Set([
  'question.voted_up',
  'question.voted_down',
  'answer.voted_up',
  'answer.voted_down',
  'answer.vote_down',
  'answer.accept',
  'answer.accepted',
  'edit.accepted',
]);

/** Only a voter's first vote in each direction on an object notifies. */
async function firstVote(tx: Tx, vote: Vote): Promise<boolean> {
  const { rows } = await sql`
    insert into vote_notices (voter_id, object_id, direction) values (${vote.user_id}, ${vote.object_id}, ${vote.direction})
    on conflict do nothing returning object_id`.execute(tx);
  return rows.length > 0;
}

async function onVote(tx: Tx, event: StoredEvent): Promise<void> {
  const vote = event.data as Vote;
  if (!(await firstVote(tx, vote))) return;
  const intents = voteCast({
    objectId: vote.object_id,
    objectType: vote.object_type,
    questionId: vote.question_id,
    voter: vote.user_id,
    owner: vote.owner_id,
    direction: vote.direction,
  });
  for (const intent of intents) await notify(tx, event, intent);
}

/**
 * An achievement for each user whose reputation changed because of what someone else did to a post
 * (votes, acceptance, an approved edit of a post or a tag), grouped per object until read,
 * `rank` the sum.
 */
async function onReputation(tx: Tx, event: StoredEvent): Promise<void> {
  const change = event.data as ReputationChange;
  if (!POST_REASONS.has(change.reason) || change.delta === 0 || !change.object_id) return;
  const objectType = objectTypeOf(change.object_id);
  // A tag earns reputation only through an approved edit of it.
  if (objectType !== 'question' && objectType !== 'answer' && objectType !== 'tag') return;
  const actor = event.metadata.actorId ?? change.trigger_user_id;
  const intents = forOthers(
    [
      {
        receiver: change.user_id,
        action: 'reputation',
        groupKey: change.object_id,
        objectId: change.object_id,
        objectType,
        questionId: objectType === 'tag' ? '' : change.question_id || change.object_id,
        triggerUserId: change.trigger_user_id,
        rank: change.delta,
      },
    ],
    actor,
  );
  for (const intent of intents) await notify(tx, event, intent);
}

/** Votes' events: vote notifications in the inbox, reputation changes as achievements. */
export const inboxFromVotes: Projection = {
  name: 'inbox-from-votes',
  source: 'votes',
  events: [VoteCast, ReputationChanged, ObjectPurged],
  lockGroup: COUNTER_WRITERS,
  batchSize: COUNTER_WRITERS_BATCH,
  async apply(event, tx) {
    // Votes on a purged post are void: their notifications go (docs/adr/0078-purging-in-an-event-sourced-system.md).
    if (event.type === ObjectPurged.type) {
      return forgetPurgedPosts(tx, null, [(event.data as { object_id: string }).object_id]);
    }
    if (event.type === VoteCast.type) return onVote(tx, event);
    if (event.type === ReputationChanged.type) return onReputation(tx, event);
  },
  async reset(tx) {
    await forgetSource(tx, 'votes');
    await sql`truncate vote_notices`.execute(tx);
  },
};
