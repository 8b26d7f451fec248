/**
 * The queue of held posts a batch at a time (the replay of an import: docs/capacity.md §9) leaves its rows as
 * applying each event in turn, `review_id`s included: holds repeated (each takes a number all the same), published
 * or dropped after their hold, published before it (the hold then waits), and holds there before the batch.
 */
import {
  AnswerHeld,
  AnswerPosted,
  formatObjectId,
  HeldAnswerDropped,
  HeldQuestionDropped,
  QuestionAsked,
  QuestionHeld,
} from '@agora/contracts';
import type { ServiceDatabase, StoredEvent } from '@agora/platform';
import { appliedBothWays, deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { moderationMigrations } from '../src/migrations';
import { heldPostsFromPosts } from '../src/projections/held-posts/from-posts';

const q = (n: bigint) => formatObjectId('question', n);
const a = (n: bigint) => formatObjectId('answer', n);

const content = (id: string) => ({ content: `content of ${id}`, html: `<p>content of ${id}</p>` });
const question = { title: 'A title', url_title: 'a-title', tags: [{ slug_name: 'first', display_name: 'First' }] };

const questionHeld = (id: string) =>
  deliveredEvent('posts', QuestionHeld.type, id, {
    question_id: id,
    user_id: 'u1',
    revision_id: `r-${id}`,
    reason: 'imported',
    ...question,
    ...content(id),
  });
const answerHeld = (id: string, questionId: string) =>
  deliveredEvent('posts', AnswerHeld.type, id, {
    answer_id: id,
    question_id: questionId,
    user_id: 'u2',
    revision_id: `r-${id}`,
    reason: 'new_member',
    ...content(id),
  });
const asked = (id: string) =>
  deliveredEvent('posts', QuestionAsked.type, id, {
    question_id: id,
    user_id: 'u1',
    revision_id: `r-${id}`,
    ...question,
    ...content(id),
  });
const posted = (id: string, questionId: string) =>
  deliveredEvent('posts', AnswerPosted.type, id, {
    answer_id: id,
    question_id: questionId,
    user_id: 'u2',
    revision_id: `r-${id}`,
    ...content(id),
  });
const questionDropped = (id: string) =>
  deliveredEvent('posts', HeldQuestionDropped.type, id, {
    question_id: id,
    user_id: 'u1',
    actor_id: 'u9',
    rejected: true,
  });
const answerDropped = (id: string, questionId: string) =>
  deliveredEvent('posts', HeldAnswerDropped.type, id, {
    answer_id: id,
    question_id: questionId,
    user_id: 'u2',
    actor_id: 'u2',
    rejected: false,
  });

/** Two held posts there before any batch. */
const before = [questionHeld(q(1n)), answerHeld(a(2n), q(1n))];

const schema = serviceSchemas('held_posts_bulk', moderationMigrations, async (database) => {
  await database.db.transaction().execute(async (tx) => {
    for (const event of before) await heldPostsFromPosts.apply(event, tx);
  });
});

const heldPosts = async (database: ServiceDatabase) =>
  (await sql<Record<string, unknown>>`select * from held_posts order by review_id`.execute(database.db)).rows;
/** The number the next held post takes. */
const nextNumber = async (database: ServiceDatabase) =>
  (await sql`select last_value from held_posts_review_id_seq`.execute(database.db)).rows;

describe('the queue of held posts a run at a time', () => {
  it('leaves the held posts and their numbers as applying each event in turn', async () => {
    const held3 = questionHeld(q(3n));
    const events: StoredEvent[] = [
      held3,
      // Repeated: there already, it takes a number all the same.
      before[0] as StoredEvent,
      held3,
      answerHeld(a(4n), q(3n)),
      posted(a(4n), q(3n)),
      answerHeld(a(4n), q(3n)),
      // Published before its hold arrives: the hold then waits.
      asked(q(5n)),
      questionHeld(q(5n)),
      // Already held before the batch: one published, one dropped, each once more.
      asked(q(1n)),
      answerDropped(a(2n), q(1n)),
      asked(q(1n)),
      questionDropped(q(3n)),
      answerHeld(a(6n), q(3n)),
      posted(a(7n), q(3n)),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(heldPostsFromPosts, events, schema, 'held');
    const expected = await heldPosts(oneByOne);
    expect(expected.map((row) => [row.object_id, Number(row.review_id), row.settled])).toEqual([
      [q(1n), 1, true],
      [a(2n), 2, true],
      [q(3n), 3, true],
      [a(4n), 6, true],
      [q(5n), 8, false],
      [a(6n), 9, false],
    ]);
    expect(await heldPosts(inBatch)).toEqual(expected);
    expect(await nextNumber(inBatch)).toEqual(await nextNumber(oneByOne));
  });
});
