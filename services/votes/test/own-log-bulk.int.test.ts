/**
 * Votes' inline read models a batch at a time (`applyOwnEvents`, what an import's votes go through:
 * docs/capacity.md §9) leave `votes` and `anonymous_vote_counts` as applying each event in turn: a vote changed
 * and taken back between casts, a member's vote on a post replaced (its facts from the first cast), anonymous votes
 * adding to counts already there, a bookmark between.
 */
import { AnonymousVoteCounted, BookmarkToggled, formatObjectId, VoteCancelled, VoteCast } from '@agora/contracts';
import type { ServiceDatabase, StoredEvent } from '@agora/platform';
import { deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { votesMigrations } from '../src/migrations';
import { applyOwnEvent, applyOwnEvents } from '../src/projections/own-log';

const schema = serviceSchemas('own_log_bulk', votesMigrations);
const question = formatObjectId('question', 1n);
const answer = formatObjectId('answer', 2n);

const cast = (user: string, object: string, direction: 'up' | 'down', owner = 'owner-1') =>
  deliveredEvent('votes', VoteCast.type, `${user}:${object}`, {
    user_id: user,
    object_id: object,
    object_type: objectTypeName(object),
    question_id: question,
    owner_id: owner,
    direction,
  });
const cancelled = (user: string, object: string, direction: 'up' | 'down') =>
  deliveredEvent('votes', VoteCancelled.type, `${user}:${object}`, {
    user_id: user,
    object_id: object,
    object_type: objectTypeName(object),
    question_id: question,
    owner_id: 'owner-1',
    direction,
  });
const anonymous = (object: string, direction: 'up' | 'down') =>
  deliveredEvent('votes', AnonymousVoteCounted.type, `anonymous-${object}-${direction}`, {
    object_id: object,
    object_type: objectTypeName(object),
    question_id: question,
    direction,
  });
function objectTypeName(object: string) {
  return object === question ? 'question' : 'answer';
}

async function applied(events: StoredEvent[], name: string, inBatch: boolean) {
  const database = await schema(name);
  await sql`insert into anonymous_vote_counts (object_id, up, down) values (${answer}, 2, 1)`.execute(database.db);
  await database.db.transaction().execute(async (tx) => {
    if (inBatch) await applyOwnEvents(tx, events);
    else for (const event of events) await applyOwnEvent(tx, event);
  });
  return database;
}

const read = async (database: ServiceDatabase) => ({
  votes: (
    await sql<{
      object_id: string;
      user_id: string;
      direction: number;
      owner_id: string;
      voted_at: Date;
    }>`select object_id, user_id, direction, owner_id, voted_at from votes order by 1, 2`.execute(database.db)
  ).rows,
  anonymous: (await sql`select * from anonymous_vote_counts order by 1`.execute(database.db)).rows,
  bookmarks: (await sql`select object_id, user_id from bookmarks order by 1, 2`.execute(database.db)).rows,
});

describe("votes' own read models a batch at a time", () => {
  it('leave the rows as applying each event in turn', async () => {
    const events = [
      cast('u1', question, 'up'),
      cast('u2', question, 'down'),
      anonymous(answer, 'up'),
      // Replaced: the owner stays the first cast's, direction and time the last's.
      cast('u1', question, 'down', 'someone-else'),
      anonymous(answer, 'down'),
      cancelled('u2', question, 'down'),
      cast('u2', question, 'up', 'owner-2'),
      deliveredEvent('votes', BookmarkToggled.type, `bookmark:u1:${question}`, {
        user_id: 'u1',
        object_id: question,
        object_type: 'question',
        question_id: question,
        bookmarked: true,
      }),
      cast('u3', answer, 'up'),
      anonymous(question, 'up'),
    ];
    const expected = await read(await applied(events, 'one_by_one', false));
    expect(expected.votes.map((v) => [v.user_id, v.direction, v.owner_id])).toEqual([
      ['u1', -1, 'owner-1'],
      ['u2', 1, 'owner-2'],
      ['u3', 1, 'owner-1'],
    ]);
    expect(expected.anonymous).toEqual([
      { object_id: question, up: 1, down: 0 },
      { object_id: answer, up: 3, down: 2 },
    ]);
    expect(await read(await applied(events, 'in_batch', true))).toEqual(expected);
  });
});
