/**
 * The assistant's library of posts a batch at a time (the replay of an import: docs/capacity.md §9) leaves its
 * tables as applying each event in turn: edits before the ask they edit, a comment and its edit before its post,
 * events delivered twice, votes that came before their post, a comment's edit queueing its post and question, a
 * deletion and undeletion in one run, a purge in the middle of a run, rows there before the batch, and the semantic
 * queue's times (the latest of each post's, never earlier than it stood).
 */
import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerUndeleted,
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  formatObjectId,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionHidden,
  QuestionPurged,
  QuestionReopened,
  QuestionRetagged,
  QuestionShown,
  QuestionUndeleted,
} from '@agora/contracts';
import type { ServiceDatabase, StoredEvent } from '@agora/platform';
import { appliedBothWays, deliveredEvent, everyTable, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { assistantMigrations } from '../src/migrations';
import { libraryFromPosts } from '../src/projections/library/from-posts';

const q = (n: number) => formatObjectId('question', BigInt(n));
const a = (n: number) => formatObjectId('answer', BigInt(n));
const c = (n: number) => formatObjectId('comment', BigInt(n));

const tag = (name: string) => ({ slug_name: name, display_name: name.toUpperCase() });
const postsEvent = (type: string, stream: string, version: number, data: object) =>
  deliveredEvent('posts', type, stream, data, version);

const asked = (id: string, title: string, body: string) =>
  postsEvent(QuestionAsked.type, id, 1, {
    question_id: id,
    user_id: 'u1',
    revision_id: `r-${id}`,
    title,
    url_title: title.toLowerCase().replace(/\W+/g, '-'),
    content: body,
    html: `<p>${body}</p>`,
    tags: [tag('kafka')],
  });
const questionEdited = (id: string, version: number, title: string, body: string) =>
  postsEvent(QuestionEdited.type, id, version, {
    question_id: id,
    editor_id: 'u2',
    revision_id: `r-${id}-${version}`,
    edit_summary: '',
    title,
    url_title: title.toLowerCase().replace(/\W+/g, '-'),
    content: body,
    html: `<p>${body}</p>`,
    tags: [tag('kafka'), tag('java')],
  });
const retagged = (id: string, version: number, tags: string[]) =>
  postsEvent(QuestionRetagged.type, id, version, {
    question_id: id,
    actor_id: 'admin',
    merged_slugs: [],
    target: tag(tags[0] ?? 'x'),
    tags: tags.map(tag),
  });
const questionAct = (type: string, id: string, version: number) =>
  postsEvent(type, id, version, { question_id: id, actor_id: 'mod', close_type: 1, close_msg: '' });
const accepted = (id: string, version: number, answer: string | null) =>
  postsEvent(AnswerAccepted.type, id, version, {
    question_id: id,
    actor_id: 'u1',
    answer_id: answer,
    previous_answer_id: null,
  });
const answered = (id: string, question: string, body: string) =>
  postsEvent(AnswerPosted.type, id, 1, {
    answer_id: id,
    question_id: question,
    user_id: 'u3',
    revision_id: `r-${id}`,
    content: body,
    html: `<p>${body}</p>`,
  });
const answerEdited = (id: string, question: string, version: number, body: string) =>
  postsEvent(AnswerEdited.type, id, version, {
    answer_id: id,
    question_id: question,
    editor_id: 'u3',
    revision_id: `r-${id}-${version}`,
    edit_summary: '',
    content: body,
    html: `<p>${body}</p>`,
  });
const answerAct = (type: string, id: string, question: string, version: number) =>
  postsEvent(type, id, version, { answer_id: id, question_id: question, actor_id: 'mod' });
const commented = (id: string, on: string, question: string, text: string) =>
  postsEvent(CommentAdded.type, id, 1, {
    comment_id: id,
    object_id: on,
    question_id: question,
    user_id: 'u4',
    reply_comment_id: null,
    reply_user_id: null,
    original_text: text,
    parsed_text: `<p>${text}</p>`,
    mentions: [],
  });
const commentEdited = (id: string, version: number, text: string) =>
  postsEvent(CommentEdited.type, id, version, {
    comment_id: id,
    actor_id: 'u4',
    original_text: text,
    parsed_text: `<p>${text} &amp; more</p>`,
    mentions: [],
  });
const commentDeleted = (id: string, on: string, version: number) =>
  postsEvent(CommentDeleted.type, id, version, { comment_id: id, object_id: on, actor_id: 'mod' });
const questionPurged = (id: string, answers: string[], comments: string[]) =>
  postsEvent(QuestionPurged.type, id, 9, {
    question_id: id,
    user_id: 'u1',
    actor_id: 'admin',
    answer_ids: answers,
    comment_ids: comments,
    revision_ids: [],
  });

const [q1, qOld, qPurged] = [q(1), q(10), q(20)];
const [a1, a2, aOld, aPurged] = [a(1), a(2), a(10), a(20)];
const [c1, c2, c3, cOld, cPurged] = [c(1), c(2), c(3), c(10), c(20)];

/** A question with an answer and a comment, and a deleted one to purge, there before the batch. */
const before = [
  asked(qOld, 'Old question', 'old body'),
  questionEdited(qOld, 2, 'Old question v2', 'old body v2'),
  questionEdited(qOld, 3, 'Old question v3', 'old body v3'),
  answered(aOld, qOld, 'old answer'),
  commented(cOld, aOld, qOld, 'old comment'),
  asked(qPurged, 'Purged question', 'purged body'),
  questionAct(QuestionDeleted.type, qPurged, 2),
  answered(aPurged, qPurged, 'purged answer'),
  commented(cPurged, aPurged, qPurged, 'purged comment'),
];

async function seed(database: ServiceDatabase) {
  await database.db.transaction().execute(async (tx) => {
    for (const event of before) await libraryFromPosts.apply(event, tx);
    // Votes delivered before their posts (and one on a post the purge takes).
    for (const [stream, object, value] of [
      ['u1:q1', q1, 1],
      ['u2:q1', q1, 1],
      ['u3:a1', a1, -1],
      ['u1:aPurged', aPurged, 1],
    ] as const) {
      await sql`insert into library_votes (stream_id, object_id, value, version)
                values (${stream}, ${object}, ${value}, 1)`.execute(tx);
    }
    // Queued later than anything of the batch: stays so.
    await sql`update semantic_queue set queued_at = '2030-01-01T00:00:00Z' where object_id = ${qOld}`.execute(tx);
  });
}

const schema = serviceSchemas('library_from_posts_bulk', assistantMigrations, seed);

const read = (database: ServiceDatabase) => everyTable(database, ['kysely_migration', 'kysely_migration_lock']);

describe("the assistant's library of posts a batch at a time", () => {
  it('leaves posts, comments and the semantic queue as applying each event in turn', async () => {
    // Made after its ask, delivered before it (lost) and again after it.
    const editQ1 = questionEdited(q1, 2, 'First title, edited', 'first body, edited');
    const askQ1 = asked(q1, 'First title', 'first body');
    const postA1 = answered(a1, q1, 'answer one');
    const editA1 = answerEdited(a1, q1, 2, 'answer one, edited');
    // An edit of a comment not added yet changes and queues nothing; delivered again once it is, it does.
    const editC2 = commentEdited(c2, 2, 'comment two, edited');
    const acceptA1 = accepted(q1, 7, a1);
    const lastOfA1 = answerAct(AnswerUndeleted.type, a1, q1, 4);
    const events: StoredEvent[] = [
      // A comment and its edit before the answer it is on, and the answer before its question.
      commented(c1, a1, q1, 'comment one'),
      commentEdited(c1, 2, 'comment one, edited'),
      editC2,
      editQ1,
      postA1,
      askQ1,
      editA1,
      editA1,
      askQ1,
      postA1,
      editQ1,
      commented(c2, q1, q1, 'comment two'),
      editC2,
      commentEdited(c2, 3, 'comment two, again'),
      // Late: older than what its stream said last.
      editC2,
      answerAct(AnswerDeleted.type, a1, q1, 3),
      lastOfA1,
      retagged(q1, 3, ['go', 'rust']),
      questionAct(QuestionClosed.type, q1, 4),
      questionAct(QuestionReopened.type, q1, 5),
      questionAct(QuestionHidden.type, q1, 6),
      acceptA1,
      // A comment added, deleted, added again (first creation wins), edited after its deletion.
      commented(c3, a1, q1, 'comment three'),
      commentDeleted(c3, a1, 2),
      commented(c3, a1, q1, 'comment three again'),
    ];
    // Each event is a second after the one made before it: these are the last to queue their posts (q1 and a1 by
    // a comment's edit).
    const lastOfQ1 = commentEdited(c3, 3, 'comment three, edited');
    events.push(
      lastOfQ1,
      // On what was there before: late and newer edits, its comment edited (its post and question queued) and deleted.
      questionEdited(qOld, 3, 'A late edit', 'late'),
      questionEdited(qOld, 4, 'Old, edited', 'old body, edited'),
      commentEdited(cOld, 2, 'old comment, edited'),
    );
    const lastOfAOld = commentDeleted(cOld, aOld, 3);
    // A purge in the middle of the run: its rows, their comments and votes go; its posts are queued, so that the
    // embedder removes their vectors wherever they are (OpenSearch, scaled out).
    const purge = questionPurged(qPurged, [aPurged], [cPurged]);
    events.push(lastOfAOld, purge, answered(a2, qOld, 'answer two'));
    // Not newer than the post it edits.
    const lastOfA2 = answerEdited(a2, qOld, 1, 'not newer');
    events.push(
      lastOfA2,
      questionAct(QuestionDeleted.type, qOld, 5),
      questionAct(QuestionUndeleted.type, qOld, 6),
      questionAct(QuestionShown.type, qOld, 7),
    );
    // Of the purged question, after the purge: changes nothing but the queue.
    const lastOfQPurged = questionEdited(qPurged, 3, 'Gone', 'gone');
    events.push(lastOfQPurged);
    const { oneByOne, inBatch } = await appliedBothWays(libraryFromPosts, events, schema, 'library_posts');
    const expected = await read(oneByOne);
    const posts = expected.library_posts as Record<string, unknown>[];
    const comments = expected.library_comments as Record<string, unknown>[];
    const post = (id: string) => posts.find((p) => p.id === id);
    const comment = (id: string) => comments.find((p) => p.id === id);
    expect(post(q1)).toMatchObject({
      kind: 'question',
      title: 'First title, edited',
      url_title: 'first-title-edited',
      body: 'first body, edited',
      tags: [tag('go'), tag('rust')],
      vote_count: 2,
      closed: false,
      hidden: true,
      deleted: false,
      accepted_answer_id: a1,
      created_at: new Date(askQ1.occurredAt),
      updated_at: new Date(editQ1.occurredAt),
      version: 7,
    });
    expect(post(a1)).toMatchObject({
      kind: 'answer',
      question_id: q1,
      body: 'answer one, edited',
      vote_count: -1,
      deleted: false,
      created_at: new Date(postA1.occurredAt),
      updated_at: new Date(editA1.occurredAt),
      version: 4,
    });
    expect(post(qOld)).toMatchObject({ title: 'Old, edited', body: 'old body, edited', version: 7 });
    expect(post(a2)).toMatchObject({ question_id: qOld, body: 'answer two', vote_count: 0, version: 1 });
    expect(posts.map((p) => p.id).sort()).toEqual([q1, a1, a2, qOld, aOld].sort());
    expect(comment(c1)).toMatchObject({ object_id: a1, body: 'comment one, edited & more', version: 2 });
    expect(comment(c2)).toMatchObject({ object_id: q1, body: 'comment two, again & more', version: 3 });
    expect(comment(c3)).toMatchObject({ body: 'comment three, edited & more', deleted: true, version: 3 });
    expect(comment(cOld)).toMatchObject({ body: 'old comment, edited & more', deleted: true, version: 3 });
    expect(comment(cPurged)).toBeUndefined();
    expect(expected.library_votes).toHaveLength(3);
    const queued = Object.fromEntries(
      (expected.semantic_queue as { object_id: string; queued_at: Date }[]).map((r) => [r.object_id, r.queued_at]),
    );
    expect(queued).toEqual({
      [q1]: new Date(lastOfQ1.occurredAt),
      [a1]: new Date(lastOfQ1.occurredAt),
      [aOld]: new Date(lastOfAOld.occurredAt),
      [qOld]: new Date('2030-01-01T00:00:00Z'),
      [a2]: new Date(lastOfA2.occurredAt),
      [qPurged]: new Date(lastOfQPurged.occurredAt),
      [aPurged]: new Date(purge.occurredAt),
    });
    expect(await read(inBatch)).toEqual(expected);
  });

  it('leaves them so for a log of many streams interleaved, with repeats and late events', async () => {
    const events = shuffledStreams(20261207, 30);
    const { oneByOne, inBatch } = await appliedBothWays(libraryFromPosts, events, schema, 'library_posts_shuffled');
    const expected = await read(oneByOne);
    expect(expected.library_comments?.length).toBeGreaterThan(10);
    expect(await read(inBatch)).toEqual(expected);
  });
});

/** A seeded generator of numbers in [0, 1) (mulberry32), so a failing order can be run again. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Streams of questions, answers and comments as an import writes them (asked or posted, edited, accepted, closed,
 * hidden, deleted and back, commented, comments edited and deleted), interleaved at random with repeats, an event
 * moved late past its successors, and a purge.
 */
function shuffledStreams(seed: number, questions: number): StoredEvent[] {
  const next = random(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T;
  const streams: StoredEvent[][] = [];
  let comments = 0;
  const commentStream = (on: string, question: string) => {
    comments += 1;
    const id = c(1000 + comments);
    const stream = [commented(id, on, question, `comment ${comments}`)];
    for (let version = 2; version <= 1 + Math.floor(next() * 3); version++) {
      stream.push(
        next() < 0.7 ? commentEdited(id, version, `comment ${comments} v${version}`) : commentDeleted(id, on, version),
      );
    }
    streams.push(stream);
  };
  for (let n = 1; n <= questions; n++) {
    const id = q(100 + n);
    const stream = [asked(id, `Question ${n}`, `body ${n}`)];
    const answers: string[] = [];
    for (let k = 0; k < Math.floor(next() * 4); k++) {
      const answerId = a(1000 + n * 10 + k);
      answers.push(answerId);
      const answerStream = [answered(answerId, id, `answer ${n}.${k}`)];
      for (let version = 2; version <= 1 + Math.floor(next() * 3); version++) {
        answerStream.push(
          next() < 0.6
            ? answerEdited(answerId, id, version, `answer ${n}.${k} v${version}`)
            : answerAct(next() < 0.5 ? AnswerDeleted.type : AnswerUndeleted.type, answerId, id, version),
        );
      }
      streams.push(answerStream);
      if (next() < 0.5) commentStream(answerId, id);
    }
    if (next() < 0.6) commentStream(id, id);
    for (let version = 2; version <= 1 + Math.floor(next() * 5); version++) {
      const kind = next();
      if (kind < 0.3) stream.push(questionEdited(id, version, `Question ${n} v${version}`, `body ${n} v${version}`));
      else if (kind < 0.4) stream.push(retagged(id, version, [pick(['go', 'js', 'rust'])]));
      else if (kind < 0.55) stream.push(accepted(id, version, pick([...answers, null])));
      else if (kind < 0.7)
        stream.push(questionAct(next() < 0.5 ? QuestionClosed.type : QuestionReopened.type, id, version));
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
    if (stream.length === 0) live.splice(at, 1);
  }
  log.splice(Math.floor(log.length / 2), 0, questionPurged(q(101), [], []));
  return log;
}
