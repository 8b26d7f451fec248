import {
  AnswerAccepted,
  AnswerEdited,
  AnswerPosted,
  BADGES,
  QuestionAsked,
  QuestionEdited,
  QuestionPurged,
  QuestionSharesVisited,
} from '@agora/contracts';
import { EventStore, type ServiceDatabase, type StoredEvent } from '@agora/platform';
import { appliedBothWays, deliveredEvent, everyTable, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AwardCommands } from '../src/commands/awards';
import { badgesMigrations } from '../src/migrations';
import { awardsFromPosts } from '../src/projections/from-posts/projection';

/** Badges' tables in schemas of their own, with a deleted member whose awards are withheld. */
const schema = serviceSchemas('awards_from_posts_bulk', badgesMigrations, async (database) => {
  await sql`insert into withdrawn_holders (user_id, withdrawn_at) values ('gone', '2026-01-01T00:00:00Z')`.execute(
    database.db,
  );
});

// Every append runs in the projection's transaction, in whichever schema that is.
const projection = awardsFromPosts(new AwardCommands(new EventStore(undefined as never, 'badges')));

const posts = (type: string, streamId: string, data: object) => deliveredEvent('posts', type, streamId, data);
const imported = (event: StoredEvent): StoredEvent => ({ ...event, metadata: { ...event.metadata, imported: true } });
const asked = (q: string, user: string, urlTitle: string) =>
  posts(QuestionAsked.type, q, { question_id: q, user_id: user, url_title: urlTitle });
const questionEdited = (q: string, editor: string, urlTitle: string, reviewer?: string) =>
  posts(QuestionEdited.type, q, {
    question_id: q,
    editor_id: editor,
    url_title: urlTitle,
    ...(reviewer ? { reviewer_id: reviewer } : {}),
  });
const posted = (a: string, q: string, user: string) =>
  posts(AnswerPosted.type, a, { answer_id: a, question_id: q, user_id: user });
const answerEdited = (a: string, q: string, editor: string, reviewer?: string) =>
  posts(AnswerEdited.type, a, {
    answer_id: a,
    question_id: q,
    editor_id: editor,
    ...(reviewer ? { reviewer_id: reviewer } : {}),
  });
const accepted = (q: string, a: string | null, actor: string) =>
  posts(AnswerAccepted.type, q, { question_id: q, actor_id: actor, answer_id: a, previous_answer_id: null });

const badgeKey = new Map(BADGES.map((b) => [b.id, b.key]));

/** The index, the awards and their counts, and the award events (their ids and positions aside). */
const tables = async (database: ServiceDatabase): Promise<Record<string, unknown[]>> => ({
  ...(await everyTable(database, ['events', 'kysely_migration', 'kysely_migration_lock'])),
  events: (
    await sql`select stream_id, stream_version, type, data, metadata->'causationId' as cause
              from events order by global_position`.execute(database.db)
  ).rows,
});

describe('awards-from-posts a run at a time', () => {
  it('leaves the index and the awards as applying each event in turn: imports, odd orders, replays, a purge between', async () => {
    const q1 = imported(asked('q1', 'u1', 'first'));
    const acceptedLate = accepted('q1', 'a2', 'u1');
    const events = [
      // An import: indexed, earning nothing.
      q1,
      imported(posted('a1', 'q1', 'u2')),
      imported(questionEdited('q1', 'u3', 'first-edited')),
      imported(answerEdited('a1', 'q1', 'u3')),
      imported(accepted('q1', 'a1', 'u1')),
      imported(asked('q3', 'u8', 'third')),
      imported(posted('a3', 'q3', 'u9')),
      // An answer accepted before it is posted (its author unknown then), and again after.
      accepted('q1', 'a2', 'u1'),
      posted('a2', 'q1', 'u5'),
      // Posted again, as another's: an answer is indexed once.
      posted('a2', 'q1', 'u6'),
      acceptedLate,
      acceptedLate,
      // A question edited before it is asked.
      questionEdited('q2', 'u3', 'second-draft'),
      asked('q2', 'u6', 'second'),
      questionEdited('q2', 'u4', 'second-edited', 'u1'),
      answerEdited('a2', 'q1', 'gone'),
      answerEdited('a2', 'q1', 'u7', 'u1'),
      imported(posted('a1', 'q1', 'u2')),
      posts(QuestionPurged.type, 'q3', {
        question_id: 'q3',
        user_id: 'u8',
        actor_id: 'admin',
        answer_ids: ['a3'],
        comment_ids: [],
        revision_ids: [],
      }),
      // After the purge: posts indexed before this run, one of them purged.
      accepted('q3', 'a3', 'u8'),
      accepted('q1', 'a1', 'u1'),
      questionEdited('q1', 'u4', 'first-again', 'u1'),
      q1,
      posts(QuestionSharesVisited.type, 'shares', {
        visits: [
          { question_id: 'q1', sharer_id: 'u10' },
          { question_id: 'q2', sharer_id: 'u10' },
        ],
      }),
      accepted('q1', null, 'u1'),
      questionEdited('q2', 'u3', 'second-final'),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(projection, events, schema, 'posts');
    const expected = await tables(oneByOne);
    expect(expected.post_index).toEqual(
      expect.arrayContaining([
        { object_id: 'q1', object_type: 'question', user_id: 'u1', question_id: 'q1', url_title: 'first' },
        { object_id: 'a1', object_type: 'answer', user_id: 'u2', question_id: 'q1', url_title: '' },
        { object_id: 'a2', object_type: 'answer', user_id: 'u5', question_id: 'q1', url_title: '' },
        { object_id: 'q2', object_type: 'question', user_id: 'u6', question_id: 'q2', url_title: 'second-final' },
      ]),
    );
    expect(expected.post_index).toHaveLength(4);
    const awarded = (expected.badge_awards as { badge_id: string; user_id: string; object_id: string }[])
      .map((a) => `${badgeKey.get(a.badge_id)} ${a.user_id} ${a.object_id}`)
      .sort();
    // The purged answer's acceptance: its acceptor's badge, none for an author no longer known.
    expect(awarded).toEqual([
      'editor u3 q2',
      'first_share u10 q1',
      'scholar u1 a2',
      'scholar u8 a3',
      'solved u2 a1',
      'solved u5 a2',
    ]);
    expect(expected.events).toHaveLength(6);
    expect(await tables(inBatch)).toEqual(expected);
  });
});
