/**
 * The assistant's library scores a batch at a time (the replay of an import: docs/capacity.md §9) leave its tables
 * as applying each vote in turn: each stream's latest value kept by version (a late, older event changes nothing, a
 * repeated one counts once), streams there before the batch moving their post by the difference from what they
 * held, votes on a post not there yet kept for its arrival, anonymous votes, and a purge between.
 */
import {
  AnonymousVoteCounted,
  formatObjectId,
  ObjectPurged,
  objectTypeOf,
  VoteCancelled,
  VoteCast,
} from '@agora/contracts';
import type { ServiceDatabase } from '@agora/platform';
import { appliedBothWays, deliveredEvent, everyTable, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { assistantMigrations } from '../src/migrations';
import { libraryFromVotes } from '../src/projections/library/from-votes';

const question = formatObjectId('question', 1n);
const purged = formatObjectId('question', 2n);
const answer = formatObjectId('answer', 3n);
const untouched = formatObjectId('answer', 4n);
const notYet = formatObjectId('answer', 5n);

/** The posts the votes land on, with what their streams there before the batch hold. */
async function seed(database: ServiceDatabase) {
  for (const [id, kind, votes] of [
    [question, 'question', 3],
    [purged, 'question', 0],
    [answer, 'answer', -1],
    [untouched, 'answer', 1],
  ] as const) {
    await sql`insert into library_posts (id, kind, question_id, user_id, vote_count, created_at, updated_at, version)
              values (${id}, ${kind}, ${question}, 'u0', ${votes}, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 1)`.execute(
      database.db,
    );
  }
  for (const [stream, object, value, version] of [
    [`u7:${question}`, question, 1, 1],
    [`u8:${question}`, question, 1, 2],
    [`u9:${question}`, question, 1, 1],
    [`u7:${answer}`, answer, -1, 3],
    [`u7:${untouched}`, untouched, 1, 1],
  ] as const) {
    await sql`insert into library_votes (stream_id, object_id, value, version)
              values (${stream}, ${object}, ${value}, ${version})`.execute(database.db);
  }
}

const schema = serviceSchemas('library_from_votes_bulk', assistantMigrations, seed);

const vote = (type: string, user: string, object: string, direction: 'up' | 'down', version: number) =>
  deliveredEvent(
    'votes',
    type,
    `${user}:${object}`,
    {
      object_id: object,
      object_type: objectTypeOf(object),
      question_id: question,
      user_id: user,
      owner_id: 'u0',
      direction,
    },
    version,
  );
const anonymous = (key: string, object: string, direction: 'up' | 'down') =>
  deliveredEvent('votes', AnonymousVoteCounted.type, `anonymous-vote-${key}`, {
    object_id: object,
    object_type: 'answer',
    question_id: question,
    direction,
  });

const read = (database: ServiceDatabase) => everyTable(database, ['kysely_migration', 'kysely_migration_lock']);

describe("the assistant's library scores a batch at a time", () => {
  it('leave each stream and each post count as applying each vote in turn', async () => {
    const repeated = vote(VoteCast.type, 'u1', question, 'up', 1);
    const events = [
      repeated,
      vote(VoteCast.type, 'u2', question, 'down', 1),
      vote(VoteCancelled.type, 'u2', question, 'down', 2),
      vote(VoteCast.type, 'u2', question, 'up', 3),
      repeated,
      // Late and older than what u1's stream already said: changes nothing.
      vote(VoteCancelled.type, 'u1', question, 'up', 1),
      // Streams there before: one switched (from +1 to −1), one late (its stream is at 2), one cancelled.
      vote(VoteCast.type, 'u7', question, 'down', 2),
      vote(VoteCancelled.type, 'u8', question, 'up', 2),
      vote(VoteCancelled.type, 'u9', question, 'up', 2),
      vote(VoteCancelled.type, 'u7', answer, 'down', 4),
      anonymous('a1', answer, 'up'),
      anonymous('a2', answer, 'up'),
      // Before the post they are on: kept, counted by the post's ask when it arrives.
      vote(VoteCast.type, 'u1', notYet, 'up', 1),
      anonymous('a3', notYet, 'down'),
      vote(VoteCast.type, 'u1', purged, 'up', 1),
      // A purge in the middle of the run, and a vote on the purged post after it.
      deliveredEvent('votes', ObjectPurged.type, purged, { object_id: purged, object_type: 'question' }),
      vote(VoteCast.type, 'u2', purged, 'down', 1),
      vote(VoteCast.type, 'u3', question, 'up', 1),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(libraryFromVotes, events, schema, 'library_votes');
    const expected = await read(oneByOne);
    const counts = Object.fromEntries(
      (expected.library_posts as { id: string; vote_count: number }[]).map((p) => [p.id, p.vote_count]),
    );
    // question: 3 + u1 (+1) + u2 (+1) + u7 (−2) + u9 (−1) + u3 (+1); answer: −1 + u7 (+1) + 2 anonymous;
    // purged: u1's +1 stays on its count (a purge drops the votes, not the row), u2's −1 after.
    expect(counts).toEqual({ [question]: 3, [purged]: 0, [answer]: 2, [untouched]: 1 });
    const streams = Object.fromEntries(
      (expected.library_votes as { stream_id: string; value: number; version: number }[]).map((v) => [
        v.stream_id,
        [v.value, v.version],
      ]),
    );
    expect(streams).toMatchObject({
      [`u1:${question}`]: [1, 1],
      [`u2:${question}`]: [1, 3],
      [`u7:${question}`]: [-1, 2],
      [`u8:${question}`]: [1, 2],
      [`u9:${question}`]: [0, 2],
      [`u7:${answer}`]: [0, 4],
      [`u1:${notYet}`]: [1, 1],
      [`u2:${purged}`]: [-1, 1],
    });
    expect(streams[`u1:${purged}`]).toBeUndefined();
    expect(await read(inBatch)).toEqual(expected);
  });
});
