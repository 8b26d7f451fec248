/**
 * Posts' vote and bookmark counts a batch at a time (the replay of an import: docs/capacity.md §9) leave the rows
 * as applying each event in turn: votes cast, cancelled and anonymous on each kind of post, and bookmark counts
 * that would go below zero in between (clamped after each change one at a time).
 */
import { AnonymousVoteCounted, BookmarkToggled, formatObjectId, VoteCancelled, VoteCast } from '@agora/contracts';
import type { ServiceDatabase } from '@agora/platform';
import { appliedBothWays, deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postsMigrations } from '../src/migrations';
import { voteCountsProjection } from '../src/projections/vote-counts/projection';

const question = formatObjectId('question', 1n);
const other = formatObjectId('question', 2n);
const answer = formatObjectId('answer', 3n);
const comment = formatObjectId('comment', 4n);

/** A question, an answer and a comment to count on; the second question starts with two bookmarks. */
async function seed(database: ServiceDatabase) {
  const now = sql`now()`;
  for (const [id, bookmarks] of [
    [question, 0],
    [other, 2],
  ] as const) {
    await sql`insert into questions (id, user_id, title, url_title, content, html, description, tags, revision_id,
                post_update_time, created_at, updated_at, collection_count)
              values (${id}, 'u0', 'T', 't', 'c', 'c', 'c', '[]', 'r', ${now}, ${now}, ${now}, ${bookmarks})`.execute(
      database.db,
    );
  }
  await sql`insert into answers (id, question_id, user_id, content, html, revision_id, created_at, updated_at)
            values (${answer}, ${question}, 'u0', 'c', 'c', 'r', ${now}, ${now})`.execute(database.db);
  await sql`insert into comments (id, object_id, question_id, user_id, original_text, parsed_text, created_at, updated_at)
            values (${comment}, ${question}, ${question}, 'u0', 'c', 'c', ${now}, ${now})`.execute(database.db);
}

const schema = serviceSchemas('vote_counts_bulk', postsMigrations, seed);

const vote = (type: string, user: string, object: string, direction: 'up' | 'down') =>
  deliveredEvent('votes', type, `${user}:${object}`, { user_id: user, object_id: object, direction });
const bookmark = (user: string, object: string, bookmarked: boolean) =>
  deliveredEvent('votes', BookmarkToggled.type, `bookmark:${user}:${object}`, {
    user_id: user,
    object_id: object,
    bookmarked,
  });

describe("posts' vote counts a batch at a time", () => {
  it('leaves every count as applying each event in turn, the clamped bookmark counts included', async () => {
    const events = [
      vote(VoteCast.type, 'u1', question, 'up'),
      vote(VoteCast.type, 'u2', question, 'down'),
      vote(VoteCancelled.type, 'u2', question, 'down'),
      deliveredEvent('votes', AnonymousVoteCounted.type, `anonymous:${answer}`, { object_id: answer, direction: 'up' }),
      vote(VoteCast.type, 'u3', answer, 'down'),
      vote(VoteCast.type, 'u1', comment, 'up'),
      vote(VoteCast.type, 'u1', 'not-an-object', 'up'),
      // Below zero from zero: clamped at each step one at a time, 1 at the end.
      bookmark('u1', question, false),
      bookmark('u2', question, false),
      bookmark('u1', question, true),
      // From two: 2 - 3 clamps to 0, then 1.
      bookmark('u1', other, false),
      bookmark('u2', other, false),
      bookmark('u3', other, false),
      bookmark('u3', other, true),
      bookmark('u4', answer, true),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(voteCountsProjection, events, schema, 'votes');
    const read = async (database: ServiceDatabase) => ({
      questions: (await sql`select id, vote_count, collection_count from questions order by id`.execute(database.db))
        .rows,
      answers: (await sql`select id, vote_count from answers`.execute(database.db)).rows,
      comments: (await sql`select id, vote_count from comments`.execute(database.db)).rows,
    });
    const expected = await read(oneByOne);
    expect(expected).toEqual({
      questions: [
        { id: question, vote_count: 1, collection_count: 1 },
        { id: other, vote_count: 0, collection_count: 1 },
      ],
      answers: [{ id: answer, vote_count: 0 }],
      comments: [{ id: comment, vote_count: 1 }],
    });
    expect(await read(inBatch)).toEqual(expected);
  });
});
