/**
 * Tags' question counts a batch at a time (the replay of an import: docs/capacity.md §9) leave the counts, the
 * links and each question's state as applying each event in turn: replays, a question's events out of order,
 * deletions, hiding and a purge between, and links the state does not know of.
 */
import { QuestionDeleted, QuestionHidden, QuestionShown, QuestionUndeleted } from '@agora/contracts';
import type { ServiceDatabase } from '@agora/platform';
import { appliedBothWays, deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tagsMigrations } from '../src/migrations';
import { questionCountsProjection } from '../src/projections/question-counts/projection';
import { asked, edited, purged } from './support/question-events';

/** Tags a, b, c and d; q0 counted under d already; q8 deleted; a link of q7 that no state knows of. */
async function seed(database: ServiceDatabase) {
  for (const [slug, count] of [
    ['a', 0],
    ['b', 0],
    ['c', 0],
    ['d', 1],
  ] as const) {
    await sql`insert into tags (id, slug_name, display_name, original_text, parsed_text, excerpt, user_id, question_count,
                                revision_id, version, created_at, updated_at)
              values (${`tag-${slug}`}, ${slug}, ${slug}, '', '', '', 'u0', ${count}, 'r0', 1, now(), now())`.execute(
      database.db,
    );
  }
  await sql`insert into question_tag_state (question_id, version, slugs, deleted)
            values ('q0', 2, ${['d']}, false), ('q8', 3, ${['b']}, true)`.execute(database.db);
  await sql`insert into question_tag_links (slug_name, question_id) values ('d', 'q0'), ('a', 'q7')`.execute(
    database.db,
  );
}

const schema = serviceSchemas('question_counts_bulk', tagsMigrations, seed);

const act = (type: string, q: string, version: number) =>
  deliveredEvent('posts', type, q, { question_id: q, actor_id: 'm1' }, version);

const tables = async (database: ServiceDatabase) => ({
  counts: (await sql`select slug_name, question_count from tags order by slug_name`.execute(database.db)).rows,
  links: (await sql`select slug_name, question_id from question_tag_links order by 1, 2`.execute(database.db)).rows,
  states: (await sql`select * from question_tag_state order by question_id`.execute(database.db)).rows,
});

describe("tags' question counts a batch at a time", () => {
  it('leave counts, links and states as applying each event in turn', async () => {
    const q1Asked = asked('q1', 1, ['A', 'b', ' a ']);
    const events = [
      q1Asked,
      asked('q2', 1, ['b', 'c']),
      edited('q1', 2, ['b', 'c', 'new-tag']),
      // A redelivery: already counted.
      q1Asked,
      act(QuestionDeleted.type, 'q2', 2),
      act(QuestionUndeleted.type, 'q2', 3),
      act(QuestionDeleted.type, 'q2', 4),
      act(QuestionHidden.type, 'q1', 3),
      act(QuestionShown.type, 'q1', 4),
      edited('q0', 3, ['a']),
      asked('q4', 1, ['a', 'c']),
      purged('q4', 2),
      // After a purge nothing is remembered: the question is counted afresh.
      asked('q4', 1, ['c']),
      // A question's edit before its asking (another partition ran ahead): the asking is passed over.
      edited('q5', 2, ['d']),
      asked('q5', 1, ['a']),
      act(QuestionDeleted.type, 'q6', 2),
      asked('q6', 1, ['b']),
      purged('q7', 9),
      purged('q8', 4),
      act(QuestionHidden.type, 'q2', 5),
      act(QuestionUndeleted.type, 'q2', 6),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(questionCountsProjection, events, schema, 'counts');
    const expected = await tables(oneByOne);
    expect(expected.counts).toEqual([
      { slug_name: 'a', question_count: 1 },
      { slug_name: 'b', question_count: 1 },
      { slug_name: 'c', question_count: 2 },
      { slug_name: 'd', question_count: 1 },
    ]);
    expect(expected.links).toEqual([
      { slug_name: 'a', question_id: 'q0' },
      { slug_name: 'b', question_id: 'q1' },
      { slug_name: 'c', question_id: 'q1' },
      { slug_name: 'c', question_id: 'q4' },
      { slug_name: 'd', question_id: 'q5' },
      { slug_name: 'new-tag', question_id: 'q1' },
    ]);
    expect(expected.states).toEqual([
      { question_id: 'q0', version: 3, slugs: ['a'], deleted: false, hidden: false },
      { question_id: 'q1', version: 4, slugs: ['b', 'c', 'new-tag'], deleted: false, hidden: false },
      { question_id: 'q2', version: 6, slugs: ['b', 'c'], deleted: false, hidden: true },
      { question_id: 'q4', version: 1, slugs: ['c'], deleted: false, hidden: false },
      { question_id: 'q5', version: 2, slugs: ['d'], deleted: false, hidden: false },
      { question_id: 'q6', version: 2, slugs: [], deleted: true, hidden: false },
    ]);
    expect(await tables(inBatch)).toEqual(expected);

    // The whole batch delivered again: each way leaves what it left the first time.
    await oneByOne.db.transaction().execute(async (tx) => {
      for (const event of events) await questionCountsProjection.apply(event, tx);
    });
    await inBatch.db
      .transaction()
      .execute((tx) => questionCountsProjection.applyBatch?.(events, tx) ?? Promise.resolve());
    expect(await tables(oneByOne)).toEqual(expected);
    expect(await tables(inBatch)).toEqual(expected);
  });
});
