/**
 * Questions' titles a batch at a time (the replay of an import: docs/capacity.md §9) leave `question_titles` as
 * applying each event in turn: titles in order and out of it, replays of older versions over newer rows,
 * duplicates, and purges between titles of the same question.
 */
import { formatObjectId, QuestionAsked, QuestionEdited, QuestionHeld, QuestionPurged } from '@agora/contracts';
import type { ServiceDatabase } from '@agora/platform';
import { appliedBothWays, deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postsMigrations } from '../src/migrations';
import { questionTitlesProjection } from '../src/projections/question-titles/projection';

const q = (n: number) => formatObjectId('question', BigInt(n));

/** Titles the rebuild finds already there (as the migration fills them): newer than a replay, older than an edit. */
async function seed(database: ServiceDatabase) {
  for (const [id, title, version] of [
    [q(3), 'Kept from before', 5],
    [q(4), 'Edited later', 2],
    [q(6), 'Purged now', 4],
  ] as const) {
    await sql`insert into question_titles (question_id, title, version) values (${id}, ${title}, ${version})`.execute(
      database.db,
    );
  }
}

const schema = serviceSchemas('question_titles_bulk', postsMigrations, seed);

const content = (title: string) => ({ title, url_title: 't', content: 'c', html: 'c', tags: [] });
const held = (id: string, title: string, version: number) =>
  deliveredEvent(
    'posts',
    QuestionHeld.type,
    id,
    { question_id: id, user_id: 'u1', revision_id: 'r', reason: 'new_member', ...content(title) },
    version,
  );
const asked = (id: string, title: string, version: number) =>
  deliveredEvent(
    'posts',
    QuestionAsked.type,
    id,
    { question_id: id, user_id: 'u1', revision_id: 'r', ...content(title) },
    version,
  );
const edited = (id: string, title: string, version: number) =>
  deliveredEvent(
    'posts',
    QuestionEdited.type,
    id,
    { question_id: id, editor_id: 'u2', revision_id: 'r', edit_summary: '', ...content(title) },
    version,
  );
const purged = (id: string, version: number) =>
  deliveredEvent(
    'posts',
    QuestionPurged.type,
    id,
    { question_id: id, user_id: 'u1', actor_id: 'admin', answer_ids: [], comment_ids: [], revision_ids: [] },
    version,
  );

describe("questions' titles a batch at a time", () => {
  it('leaves every title as applying each event in turn, purges and replays included', async () => {
    const twice = edited(q(1), 'One, edited', 2);
    const events = [
      asked(q(1), 'One', 1),
      twice,
      twice,
      // The same version again (another copy): the first stays.
      edited(q(1), 'One, a second copy', 2),
      // An edit before its ask (another partition ran ahead): the edit stays.
      edited(q(2), 'Two, edited', 3),
      asked(q(2), 'Two', 1),
      asked(q(3), 'Three, replayed', 1),
      edited(q(4), 'Four, edited', 3),
      held(q(5), 'Five, held', 1),
      asked(q(5), 'Five', 2),
      purged(q(5), 3),
      // Replays after the purge start from no row: the older version goes in, the oldest does not.
      asked(q(5), 'Five, replayed', 2),
      held(q(5), 'Five, held again', 1),
      purged(q(6), 5),
      purged(q(7), 1),
      held(q(7), 'Seven', 1),
      asked(q(8), 'Eight', 1),
      purged(q(8), 2),
      asked(q(8), 'Eight, replayed', 1),
      purged(q(8), 2),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(questionTitlesProjection, events, schema, 'titles');
    const read = async (database: ServiceDatabase) =>
      (await sql`select question_id, title, version from question_titles order by question_id`.execute(database.db))
        .rows;
    const expected = await read(oneByOne);
    expect(expected).toEqual(
      [
        [q(1), 'One, edited', 2],
        [q(2), 'Two, edited', 3],
        [q(3), 'Kept from before', 5],
        [q(4), 'Four, edited', 3],
        [q(5), 'Five, replayed', 2],
        [q(7), 'Seven', 1],
      ]
        .map(([question_id, title, version]) => ({ question_id, title, version }))
        .sort((a, b) => (String(a.question_id) < String(b.question_id) ? -1 : 1)),
    );
    expect(await read(inBatch)).toEqual(expected);
  });
});
