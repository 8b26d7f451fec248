import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import type { ImportedFollow, ImportedReputation, ImportedVote } from '@agora/contracts/import/records';
import { ActivityKey } from './codes';
import { marks, q, type ReadContext, typeIdsOf } from './context';
import type { Row } from './database';
import { userJoin } from './members-ref';
import { pages } from './pages';
import { int, objectId, optionalObjectId, requiredTime, text } from './values';

const UP = new Set<string>([ActivityKey.questionVoteUp, ActivityKey.answerVoteUp, ActivityKey.commentVoteUp]);
const VOTE_KEYS = [
  ActivityKey.questionVoteUp,
  ActivityKey.questionVoteDown,
  ActivityKey.answerVoteUp,
  ActivityKey.answerVoteDown,
  ActivityKey.commentVoteUp,
];

/** Live (not cancelled) activity rows of these types, in id order, with the users the join found. */
async function* liveActivity(context: ReadContext, where: string, params: unknown[]): AsyncGenerator<Row> {
  const { db } = context;
  for await (const page of pages(db, {
    select:
      `a.id AS page_key, a.activity_type, a.object_id, a.${q(context, 'rank')} AS delta, a.trigger_user_id, a.created_at, ` +
      'u.id AS known_user, t.id AS known_trigger',
    from: `activity a ${userJoin(db, 'a.user_id', 'u')} ${userJoin(db, 'a.trigger_user_id', 't')}`,
    key: 'a.id',
    where: `a.cancelled = ? AND ${where}`,
    params: [0, ...params],
  })) {
    yield* page;
  }
}

/**
 * Votes: the voter's own rows (question/answer vote_up and vote_down, comment vote_up), live ones, in id order
 * (docs/adr/0094-importing-a-community.md). A voter the source no longer has leaves the vote without a voter: it
 * counts on the post, and the activity row's number keeps it written once.
 */
export async function* readVotes(context: ReadContext): AsyncGenerator<ImportedVote> {
  const types = typeIdsOf(context, ...VOTE_KEYS);
  if (!types.length) return;
  for await (const row of liveActivity(context, `a.activity_type IN (${marks(types.length)})`, types)) {
    const voter = context.members.existing(row.known_user);
    yield {
      kind: 'vote',
      id: idFromNumber('activity', text(row.page_key)),
      object_id: objectId(row.object_id, 'activity', row.page_key),
      ...(voter ? { voter_id: voter } : {}),
      direction: UP.has(context.typeKeys.get(int(row.activity_type)) ?? '') ? 'up' : 'down',
      created_at: requiredTime(row.created_at, 'activity', row.page_key),
    };
  }
}

/** Follows of questions and tags (live question.follow and tag.follow rows) by members still there, in id order. */
export async function* readFollows(context: ReadContext): AsyncGenerator<ImportedFollow> {
  const types = typeIdsOf(context, ActivityKey.questionFollow, ActivityKey.tagFollow);
  if (!types.length) return;
  for await (const row of liveActivity(context, `a.activity_type IN (${marks(types.length)})`, types)) {
    const user = context.members.existing(row.known_user);
    if (!user) continue;
    yield {
      kind: 'follow',
      user_id: user,
      object_id: objectId(row.object_id, 'activity', row.page_key),
      created_at: requiredTime(row.created_at, 'activity', row.page_key),
    };
  }
}

/**
 * The reputation history: live rows that changed a member's rank (`has_rank` = 1), by members still there, in id
 * order, each with its activity's `config.key`.
 */
export async function* readReputation(context: ReadContext): AsyncGenerator<ImportedReputation> {
  for await (const row of liveActivity(context, 'a.has_rank = ?', [1])) {
    const user = context.members.existing(row.known_user);
    if (!user) continue;
    const trigger = context.members.existing(row.known_trigger);
    const type = int(row.activity_type);
    yield {
      kind: 'reputation',
      user_id: user,
      delta: int(row.delta),
      reason: context.typeKeys.get(type) ?? `activity_type.${type}`,
      object_id: optionalObjectId(row.object_id) ?? '',
      ...(trigger ? { trigger_user_id: trigger } : {}),
      created_at: requiredTime(row.created_at, 'activity', row.page_key),
    };
  }
}
