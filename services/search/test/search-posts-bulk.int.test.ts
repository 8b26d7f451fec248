/**
 * Search's post documents a batch at a time (the replay of an import: docs/capacity.md §9) leave its tables as
 * applying each event in turn: late and repeated events changing nothing (each post's stream version), an answer's
 * events before its question's, edits before a question is asked, views of a question not there yet, purges
 * between, the answer counts and activity of the questions, and the documents put in line for the index — the
 * answers of a question carrying its tags and visibility among them.
 */
import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPurged,
  AnswerUndeleted,
  formatObjectId,
  PostStatus,
  QuestionClosed,
  QuestionDeleted,
  QuestionHidden,
  QuestionPurged,
  QuestionReopened,
  QuestionShown,
  QuestionUndeleted,
  ViewsCounted,
} from '@agora/contracts';
import type { ServiceDatabase, StoredEvent } from '@agora/platform';
import { appliedBothWays, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchMigrations } from '../src/migrations';
import { postDocumentsProjection } from '../src/projections/documents/posts';
import { answered, asked, edited, postsEvent } from './support/posts-events';

const question = (n: number) => formatObjectId('question', BigInt(n));
const answer = (n: number) => formatObjectId('answer', BigInt(n));

const q1 = question(1);
const q2 = question(2);
const q5 = question(5);
const old = question(10);
const quiet = question(11);
const purged = question(12);
const [a1, a2, a3, a4] = [answer(1), answer(2), answer(3), answer(4)];
const [oldAnswer, oldDeleted, quietAnswer, purgedAnswer] = [answer(10), answer(11), answer(12), answer(13)];

const answerEdited = (id: string, questionId: string, version: number, content: string) =>
  postsEvent(AnswerEdited.type, id, version, {
    answer_id: id,
    question_id: questionId,
    editor_id: 'user-2',
    revision_id: `r-${id}-${version}`,
    edit_summary: '',
    content,
    html: `<p>${content}</p>`,
  });
const answerAct = (type: string, id: string, questionId: string, version: number) =>
  postsEvent(type, id, version, { answer_id: id, question_id: questionId, actor_id: 'mod' });
const questionAct = (type: string, id: string, version: number) =>
  postsEvent(type, id, version, { question_id: id, actor_id: 'mod' });
const accepted = (questionId: string, version: number, answerId: string | null) =>
  postsEvent(AnswerAccepted.type, questionId, version, {
    question_id: questionId,
    actor_id: 'user-1',
    answer_id: answerId,
    previous_answer_id: null,
  });
const closed = (id: string, version: number) =>
  postsEvent(QuestionClosed.type, id, version, { question_id: id, actor_id: 'mod', close_type: 1, close_msg: '' });
const views = (counts: [string, number][]) =>
  postsEvent(ViewsCounted.type, `views-${counts.map(([id]) => id).join('-')}`, 1, {
    counts: counts.map(([question_id, n]) => ({ question_id, views: n, unique_views: n })),
  });
const questionPurged = (id: string, answerIds: string[]) =>
  postsEvent(QuestionPurged.type, id, 9, {
    question_id: id,
    user_id: 'user-1',
    actor_id: 'admin',
    answer_ids: answerIds,
    comment_ids: [],
    revision_ids: [],
  });
const answerPurged = (id: string, questionId: string) =>
  postsEvent(AnswerPurged.type, id, 9, {
    answer_id: id,
    question_id: questionId,
    user_id: 'user-2',
    actor_id: 'admin',
    comment_ids: [],
    revision_ids: [],
  });

/** Documents already indexed (not dirty) before the batch, and what votes search keeps on the purged ones. */
async function seed(database: ServiceDatabase) {
  const rows: [string, string, string, number, number, string][] = [
    [old, 'question', old, 3, PostStatus.available, '2026-01-01T00:00:00Z'],
    [oldAnswer, 'answer', old, 1, PostStatus.available, '2026-01-03T00:00:00Z'],
    [oldDeleted, 'answer', old, 2, PostStatus.deleted, '2026-01-02T00:00:00Z'],
    [quiet, 'question', quiet, 1, PostStatus.available, '2026-01-01T00:00:00Z'],
    [quietAnswer, 'answer', quiet, 1, PostStatus.available, '2026-01-01T00:00:00Z'],
    [purged, 'question', purged, 1, PostStatus.deleted, '2026-01-01T00:00:00Z'],
    [purgedAnswer, 'answer', purged, 1, PostStatus.available, '2026-01-01T00:00:00Z'],
  ];
  for (const [id, type, questionId, version, status, at] of rows) {
    await sql`insert into search_posts (id, type, question_id, user_id, title, body, status, answer_count, created_at, active_at, version, dirty)
              values (${id}, ${type}, ${questionId}, 'u0', ${type === 'question' ? 'Seeded' : ''}, 'seeded', ${status},
                      ${id === old ? 1 : 0}, ${at}, ${at}, ${version}, false)`.execute(database.db);
  }
  for (const id of [old, purged, purgedAnswer]) {
    await sql`insert into search_votes (object_id, user_id, value, version) values (${id}, 'u9', 1, 1)`.execute(
      database.db,
    );
    await sql`insert into search_post_counts (object_id, vote_count) values (${id}, 1)`.execute(database.db);
    await sql`insert into search_bookmarks (object_id, user_id, bookmarked) values (${id}, 'u9', true)`.execute(
      database.db,
    );
  }
}

/** Everything the projection writes, its index queue as the set of rows in line (their numbers do not matter). */
async function read(database: ServiceDatabase) {
  const db = database.db;
  return {
    posts: (
      await sql<Record<string, unknown>>`
        select id, type, question_id, user_id, title, url_title, body, tags, status, hidden, accepted_answer_id,
               answer_count, view_count, created_at, active_at, version, dirty, purged
        from search_posts order by id`.execute(db)
    ).rows,
    votes: (await sql`select * from search_votes order by 1, 2`.execute(db)).rows,
    bookmarks: (await sql`select * from search_bookmarks order by 1, 2`.execute(db)).rows,
    counts: (await sql`select * from search_post_counts order by 1`.execute(db)).rows,
  };
}

const schema = serviceSchemas('search_posts_bulk', searchMigrations, seed);
const shuffled = shuffledStreams(20260201, 40);
/** With the first part of the shuffled log applied one event at a time. */
const shuffledSchema = serviceSchemas('search_posts_bulk_shuffled', searchMigrations, async (database) => {
  await database.db.transaction().execute(async (tx) => {
    for (const event of shuffled.prefix) await postDocumentsProjection.apply(event, tx);
  });
});

describe("search's post documents a batch at a time", () => {
  it('leave the documents, their counts and the index queue as applying each event in turn', async () => {
    const askQ1 = asked(q1, 'First title', 'first body', ['kafka', 'java']);
    const postA1 = answered(a1, q1, 'answer one');
    const postA3 = answered(a3, q2, 'answer three');
    const askQ2 = asked(q2, 'Second question', 'second body', ['js']);
    // Made after its question, delivered before it.
    const postA2 = answered(a2, q2, 'answer two');
    const events: StoredEvent[] = [
      // Views of a question not there yet are lost, as one at a time.
      views([[q1, 5]]),
      // An answer and its edit before its question (another partition ran ahead).
      postA2,
      answerEdited(a2, q2, 2, 'answer two, edited'),
      // Edits of a question not there yet change nothing; its ask does.
      edited(q5, 2, 'Lost edit', 'lost'),
      askQ1,
      askQ2,
      postA1,
      views([
        [q1, 7],
        [old, 3],
      ]),
      edited(q1, 2, 'First title, edited', 'first body, edited'),
      // Late: the stream is at 2 already.
      edited(q1, 2, 'A late edit', 'late'),
      accepted(q1, 3, a1),
      postA3,
      answerAct(AnswerDeleted.type, a3, q2, 2),
      questionAct(QuestionHidden.type, q2, 2),
      closed(q2, 3),
      edited(old, 2, 'Old and late', 'late'),
      edited(old, 4, 'Old, edited', 'old body, edited'),
      answerEdited(oldAnswer, old, 1, 'late'),
      answerAct(AnswerUndeleted.type, oldDeleted, old, 3),
      questionPurged(purged, [purgedAnswer]),
      answered(a4, old, 'answer four'),
      // Replays of events already applied.
      askQ1,
      postA1,
      accepted(q1, 4, null),
      questionAct(QuestionDeleted.type, q1, 5),
      questionAct(QuestionUndeleted.type, q1, 6),
      asked(q5, 'Fifth question', 'fifth body'),
      answerAct(AnswerDeleted.type, answer(99), q5, 2),
      answerPurged(a3, q2),
      questionAct(QuestionShown.type, quiet, 1),
      questionAct(QuestionReopened.type, q2, 3),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(postDocumentsProjection, events, schema, 'posts');
    const expected = await read(oneByOne);
    const post = (id: string) => expected.posts.find((p) => p.id === id);
    expect(post(q1)).toMatchObject({
      title: 'First title, edited',
      body: 'first body, edited',
      accepted_answer_id: null,
      status: PostStatus.available,
      version: 6,
      view_count: 7,
      answer_count: 1,
    });
    expect(post(q2)).toMatchObject({ hidden: true, status: PostStatus.closed, version: 3, answer_count: 1 });
    // As active as its latest answer, which it counted when asked.
    expect(post(q2)?.active_at).toEqual(new Date(postA2.occurredAt));
    expect(post(a2)).toMatchObject({ body: 'answer two, edited', version: 2 });
    expect(post(a3)).toMatchObject({ purged: true, status: PostStatus.deleted });
    expect(post(q5)).toMatchObject({ title: 'Fifth question', version: 1 });
    expect(post(old)).toMatchObject({ title: 'Old, edited', version: 4, view_count: 3, answer_count: 3 });
    expect(post(oldAnswer)).toMatchObject({ body: 'seeded', version: 1 });
    expect(post(oldDeleted)).toMatchObject({ status: PostStatus.available, version: 3 });
    expect(expected.posts.filter((p) => !p.dirty).map((p) => p.id)).toEqual([quiet, quietAnswer]);
    expect(expected.votes).toEqual([{ object_id: old, user_id: 'u9', value: 1, version: 1 }]);
    expect(await read(inBatch)).toEqual(expected);
  });

  it('leave them so for a run of many streams interleaved, with repeats and late events', async () => {
    const { oneByOne, inBatch } = await appliedBothWays(
      postDocumentsProjection,
      shuffled.rest,
      shuffledSchema,
      'posts_shuffled',
    );
    const expected = await read(oneByOne);
    expect(expected.posts.some((p) => Number(p.answer_count) > 0)).toBe(true);
    expect(await read(inBatch)).toEqual(expected);
  });

  it('apply a run one event at a time when a views event names a question twice', async () => {
    const events = [
      asked(q1, 'Viewed', 'body'),
      views([[q1, 2]]),
      views([
        [q1, 3],
        [q1, 4],
      ]),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(postDocumentsProjection, events, schema, 'posts_views');
    expect(await read(inBatch)).toEqual(await read(oneByOne));
  });
});

/** A seeded generator of numbers in [0, 1) (mulberry32), so a failing order can be run again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Streams of questions and answers as an import writes them (asked or posted, edited, accepted, closed, hidden,
 * deleted and back), interleaved at random with views, repeats, an event moved late past its successors, and a
 * purge: the first part applied before (the rows a batch finds), the rest the batch.
 */
function shuffledStreams(seed: number, questions: number): { prefix: StoredEvent[]; rest: StoredEvent[] } {
  const next = random(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T;
  const streams: StoredEvent[][] = [];
  for (let n = 1; n <= questions; n++) {
    const id = question(100 + n);
    const stream = [asked(id, `Question ${n}`, `body ${n}`, [pick(['kafka', 'js', 'go'])])];
    let version = 1;
    const answers: string[] = [];
    for (let k = 0; k < Math.floor(next() * 4); k++) {
      const answerId = answer(1000 + n * 10 + k);
      answers.push(answerId);
      const answerStream = [answered(answerId, id, `answer ${n}.${k}`)];
      let answerVersion = 1;
      for (let e = 0; e < Math.floor(next() * 3); e++) {
        answerVersion += 1;
        answerStream.push(
          next() < 0.7
            ? answerEdited(answerId, id, answerVersion, `answer ${n}.${k} v${answerVersion}`)
            : answerAct(next() < 0.5 ? AnswerDeleted.type : AnswerUndeleted.type, answerId, id, answerVersion),
        );
      }
      streams.push(answerStream);
    }
    for (let e = 0; e < Math.floor(next() * 5); e++) {
      version += 1;
      const kind = next();
      if (kind < 0.4) stream.push(edited(id, version, `Question ${n} v${version}`, `body ${n} v${version}`));
      else if (kind < 0.55 && answers.length > 0) stream.push(accepted(id, version, pick([...answers, null])));
      else if (kind < 0.7)
        stream.push(next() < 0.5 ? closed(id, version) : questionAct(QuestionReopened.type, id, version));
      else if (kind < 0.85)
        stream.push(questionAct(next() < 0.5 ? QuestionHidden.type : QuestionShown.type, id, version));
      else stream.push(questionAct(next() < 0.5 ? QuestionDeleted.type : QuestionUndeleted.type, id, version));
    }
    streams.push(stream);
  }
  const log: StoredEvent[] = [];
  const live = streams.filter((s) => s.length > 0);
  while (live.length > 0) {
    const at = Math.floor(next() * live.length);
    const stream = live[at] as StoredEvent[];
    const event = stream.shift() as StoredEvent;
    // Now and then an event comes late, after the ones that followed it on its stream.
    if (stream.length > 0 && next() < 0.08) stream.splice(1, 0, event);
    else log.push(event);
    if (log.length > 0 && next() < 0.1) log.push(pick(log));
    if (next() < 0.05)
      log.push(views([[question(100 + 1 + Math.floor(next() * questions)), 1 + Math.floor(next() * 9)]]));
    if (stream.length === 0) live.splice(at, 1);
  }
  const cut = Math.floor(log.length / 3);
  const rest = log.slice(cut);
  rest.splice(Math.floor(rest.length / 2), 0, questionPurged(question(101), []));
  return { prefix: log.slice(0, cut), rest };
}
