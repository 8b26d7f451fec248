/**
 * Search's vote and bookmark counts a batch at a time (the replay of an import: docs/capacity.md §9) leave its
 * tables as applying each event in turn: each voter's latest value per post kept by stream version (a late, older
 * event changes nothing), anonymous votes under their stream, bookmarks toggled back and forth, a purge between,
 * and the touched documents put in line for the index.
 */
import {
  AnonymousVoteCounted,
  BookmarkToggled,
  formatObjectId,
  ObjectPurged,
  VoteCancelled,
  VoteCast,
} from '@agora/contracts';
import type { ServiceDatabase } from '@agora/platform';
import { appliedBothWays, deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchMigrations } from '../src/migrations';
import { voteCountsProjection } from '../src/projections/documents/votes';

const question = formatObjectId('question', 1n);
const purged = formatObjectId('question', 2n);
const answer = formatObjectId('answer', 3n);
const untouched = formatObjectId('answer', 4n);

/** The documents the votes land on, none in line for the index yet. */
async function seed(database: ServiceDatabase) {
  for (const [id, type] of [
    [question, 'question'],
    [purged, 'question'],
    [answer, 'answer'],
    [untouched, 'answer'],
  ] as const) {
    await sql`insert into search_posts (id, type, question_id, user_id, body, created_at, active_at, version, dirty)
              values (${id}, ${type}, ${question}, 'u0', 'b', now(), now(), 1, false)`.execute(database.db);
  }
}

const schema = serviceSchemas('search_votes_bulk', searchMigrations, seed);

const vote = (type: string, user: string, object: string, direction: 'up' | 'down', version: number) =>
  deliveredEvent('votes', type, `${user}:${object}`, { user_id: user, object_id: object, direction }, version);
const bookmark = (user: string, object: string, bookmarked: boolean, version: number) =>
  deliveredEvent(
    'votes',
    BookmarkToggled.type,
    `bookmark:${user}:${object}`,
    {
      user_id: user,
      object_id: object,
      bookmarked,
    },
    version,
  );

describe("search's vote counts a batch at a time", () => {
  it('leaves votes, bookmarks, counts and the index queue as applying each event in turn', async () => {
    const events = [
      vote(VoteCast.type, 'u1', question, 'up', 1),
      vote(VoteCast.type, 'u2', question, 'down', 1),
      vote(VoteCancelled.type, 'u2', question, 'down', 2),
      vote(VoteCast.type, 'u2', question, 'up', 3),
      // Late and older than what u1's stream already said: changes nothing.
      vote(VoteCancelled.type, 'u1', question, 'up', 1),
      deliveredEvent('votes', AnonymousVoteCounted.type, `anonymous:${answer}`, { object_id: answer, direction: 'up' }),
      vote(VoteCast.type, 'u3', answer, 'down', 1),
      vote(VoteCast.type, 'u1', purged, 'up', 1),
      bookmark('u1', question, true, 1),
      bookmark('u2', question, true, 1),
      bookmark('u1', question, false, 2),
      bookmark('u1', purged, true, 1),
      bookmark('u1', answer, true, 1),
      deliveredEvent('votes', ObjectPurged.type, purged, { object_id: purged, object_type: 'question' }),
      vote(VoteCast.type, 'u2', purged, 'down', 1),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(voteCountsProjection, events, schema, 'votes');
    const read = async (database: ServiceDatabase) => ({
      votes: (await sql`select * from search_votes order by 1, 2`.execute(database.db)).rows,
      bookmarks: (await sql`select * from search_bookmarks order by 1, 2`.execute(database.db)).rows,
      counts: (await sql`select * from search_post_counts order by 1`.execute(database.db)).rows,
      queued: (await sql`select id from search_posts where dirty order by 1`.execute(database.db)).rows,
    });
    const expected = await read(oneByOne);
    expect(expected.counts).toEqual([
      { object_id: question, vote_count: 2, collection_count: 1 },
      { object_id: purged, vote_count: -1, collection_count: 0 },
      { object_id: answer, vote_count: 0, collection_count: 0 },
    ]);
    expect(expected.queued).toEqual([{ id: question }, { id: purged }, { id: answer }]);
    expect(await read(inBatch)).toEqual(expected);
  });
});
