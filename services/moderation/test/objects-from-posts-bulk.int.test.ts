/**
 * Moderation's copies of posts a batch at a time (the replay of an import: docs/capacity.md §9) leave its tables
 * as applying each event in turn: answers and comments before their question, events repeated, edits before the
 * post they edit, acceptances, closes, hides and deletions between, answer counts on questions' rows, suggested
 * edits queued, settled and settled before queued, a purge between runs, and rows there before the batch.
 */
import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  AnswerRevisionRejected,
  AnswerRevisionSubmitted,
  AnswerUndeleted,
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  formatObjectId,
  PostStatus,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionHidden,
  QuestionRevisionSubmitted,
  QuestionShown,
  Show,
} from '@agora/contracts';
import type { ServiceDatabase, StoredEvent } from '@agora/platform';
import { appliedBothWays, deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { moderationMigrations } from '../src/migrations';
import { objectsFromPosts } from '../src/projections/objects/from-posts';

const q = (n: bigint) => formatObjectId('question', n);
const a = (n: bigint) => formatObjectId('answer', n);
const c = (n: bigint) => formatObjectId('comment', n);

const tag = (name: string) => ({ slug_name: name, display_name: name.toUpperCase() });

const postsEvent = (type: string, stream: string, data: object) => deliveredEvent('posts', type, stream, data);
const asked = (id: string, title = `Title of ${id}`) =>
  postsEvent(QuestionAsked.type, id, {
    question_id: id,
    user_id: 'u1',
    revision_id: `r-${id}`,
    title,
    url_title: title.toLowerCase(),
    content: `content of ${id}`,
    html: `<p>content of ${id}</p>`,
    tags: [tag('first')],
  });
const questionEdited = (id: string, revision: string, title: string) =>
  postsEvent(QuestionEdited.type, id, {
    question_id: id,
    editor_id: 'u2',
    revision_id: revision,
    edit_summary: 'better',
    title,
    url_title: title.toLowerCase(),
    content: `${title} content`,
    html: `<p>${title} content</p>`,
    tags: [tag('second'), tag('third')],
  });
const posted = (id: string, question: string) =>
  postsEvent(AnswerPosted.type, id, {
    answer_id: id,
    question_id: question,
    user_id: 'u3',
    revision_id: `r-${id}`,
    content: `answer ${id}`,
    html: `<p>answer ${id}</p>`,
  });
const answerEdited = (id: string, question: string, revision: string, text: string) =>
  postsEvent(AnswerEdited.type, id, {
    answer_id: id,
    question_id: question,
    editor_id: 'u3',
    revision_id: revision,
    edit_summary: '',
    content: text,
    html: `<p>${text}</p>`,
  });
const answerAct = (type: string, id: string, question: string) =>
  postsEvent(type, id, { answer_id: id, question_id: question, actor_id: 'u9' });
const questionAct = (type: string, id: string, more: object = {}) =>
  postsEvent(type, id, { question_id: id, actor_id: 'u9', ...more });
const accepted = (question: string, answer: string | null) =>
  postsEvent(AnswerAccepted.type, question, {
    question_id: question,
    actor_id: 'u1',
    answer_id: answer,
    previous_answer_id: null,
  });
const commented = (id: string, on: string, question: string) =>
  postsEvent(CommentAdded.type, id, {
    comment_id: id,
    object_id: on,
    question_id: question,
    user_id: 'u4',
    reply_comment_id: null,
    reply_user_id: null,
    original_text: `comment ${id}`,
    parsed_text: `<p>comment ${id}</p>`,
    mentions: [],
  });
const commentEdited = (id: string, text: string) =>
  postsEvent(CommentEdited.type, id, {
    comment_id: id,
    actor_id: 'u4',
    original_text: text,
    parsed_text: `<p>${text}</p>`,
    mentions: [],
  });

/** A question with two answers (one deleted), a comment and a suggested edit, there before any batch. */
const before = [
  asked(q(1n)),
  posted(a(11n), q(1n)),
  posted(a(12n), q(1n)),
  answerAct(AnswerDeleted.type, a(12n), q(1n)),
  commented(c(13n), q(1n), q(1n)),
  postsEvent(QuestionRevisionSubmitted.type, q(1n), {
    question_id: q(1n),
    editor_id: 'u5',
    revision_id: 'rs-1',
    edit_summary: 'suggested',
    title: 'Suggested',
    url_title: 'suggested',
    content: 'suggested',
    html: '<p>suggested</p>',
    tags: [tag('first')],
  }),
];

async function seed(database: ServiceDatabase) {
  await database.db.transaction().execute(async (tx) => {
    for (const event of before) await objectsFromPosts.apply(event, tx);
  });
}

const schema = serviceSchemas('objects_from_posts_bulk', moderationMigrations, seed);

const tables = async (database: ServiceDatabase) => ({
  objects: (await sql<Record<string, unknown>>`select * from moderated_objects order by object_id`.execute(database.db))
    .rows,
  reviews: (await sql<Record<string, unknown>>`select * from review_items order by revision_id`.execute(database.db))
    .rows,
});

const answerRevision = (id: string, question: string, revision: string) =>
  postsEvent(AnswerRevisionSubmitted.type, id, {
    answer_id: id,
    question_id: question,
    editor_id: 'u6',
    revision_id: revision,
    edit_summary: 'suggested',
    content: 'suggested answer',
    html: '<p>suggested answer</p>',
  });

describe("moderation's copies of posts a run at a time", () => {
  it('leave objects, answer counts, acceptances and the review queue as applying each event in turn', async () => {
    const q2 = asked(q(2n));
    const a21 = posted(a(21n), q(2n));
    const events: StoredEvent[] = [
      // Before their question: an answer, its edit, a comment on it, the question's acceptance and close.
      a21,
      answerEdited(a(21n), q(2n), 'r-a21-2', 'edited before its question'),
      commented(c(23n), a(21n), q(2n)),
      accepted(q(2n), a(21n)),
      questionAct(QuestionClosed.type, q(2n), { close_type: 1, close_msg: '' }),
      // An edit of an answer not posted yet changes nothing.
      answerEdited(a(22n), q(2n), 'r-a22-2', 'lost edit'),
      q2,
      posted(a(22n), q(2n)),
      questionEdited(q(2n), 'r-q2-2', 'Second title'),
      a21,
      q2,
      accepted(q(2n), a(22n)),
      questionAct(QuestionHidden.type, q(2n)),
      commentEdited(c(23n), 'edited comment'),
      answerAct(AnswerDeleted.type, a(22n), q(2n)),
      answerAct(AnswerDeleted.type, a(21n), q(2n)),
      answerAct(AnswerUndeleted.type, a(21n), q(2n)),
      // On what was there before the batch: repeated, edited, an answer added and one deleted, acceptance withdrawn.
      before[0] as StoredEvent,
      posted(a(14n), q(1n)),
      answerAct(AnswerUndeleted.type, a(12n), q(1n)),
      answerAct(AnswerDeleted.type, a(11n), q(1n)),
      questionEdited(q(1n), 'rs-1', 'First title'),
      accepted(q(1n), a(14n)),
      accepted(q(1n), null),
      commentEdited(c(13n), 'edited old comment'),
      postsEvent(CommentDeleted.type, c(13n), { comment_id: c(13n), object_id: q(1n), actor_id: 'u9' }),
      // Suggested edits: queued then rejected, settled (by the answer's edit) before it is queued, queued only.
      answerRevision(a(14n), q(1n), 'rs-2'),
      postsEvent(AnswerRevisionRejected.type, a(14n), {
        answer_id: a(14n),
        question_id: q(1n),
        revision_id: 'rs-2',
        editor_id: 'u6',
        reviewer_id: 'u9',
      }),
      answerEdited(a(14n), q(1n), 'rs-3', 'edited by its owner'),
      answerRevision(a(14n), q(1n), 'rs-3'),
      answerRevision(a(22n), q(2n), 'rs-4'),
      // A purge between runs; its answer comes again after, as on a redelivery.
      postsEvent(AnswerPurged.type, a(22n), {
        answer_id: a(22n),
        question_id: q(2n),
        user_id: 'u3',
        actor_id: 'u9',
        comment_ids: [],
        revision_ids: ['rs-4'],
      }),
      posted(a(22n), q(2n)),
      answerEdited(a(22n), q(2n), 'r-a22-3', 'after the purge'),
      // Hidden and shown again, deleted: rows from the run before.
      questionAct(QuestionShown.type, q(2n)),
      questionAct(QuestionDeleted.type, q(2n)),
      commented(c(31n), q(3n), q(3n)),
      asked(q(3n)),
      questionAct(QuestionHidden.type, q(3n)),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(objectsFromPosts, events, schema, 'objects');
    const expected = await tables(oneByOne);
    const object = (id: string) => expected.objects.find((row) => row.object_id === id);
    expect(object(q(1n))).toMatchObject({
      title: 'First title',
      tags: [tag('second'), tag('third')],
      answer_count: 2,
      accepted_answer_id: '',
      status: PostStatus.available,
    });
    expect(object(q(2n))).toMatchObject({
      title: 'Second title',
      original_text: 'Second title content',
      answer_count: 2,
      accepted_answer_id: a(22n),
      status: PostStatus.deleted,
      show: Show.shown,
    });
    expect(object(q(3n))).toMatchObject({ answer_count: 0, show: Show.hidden });
    expect(object(a(21n))).toMatchObject({ original_text: 'edited before its question', status: PostStatus.available });
    expect(object(a(22n))).toMatchObject({ original_text: 'after the purge', status: PostStatus.available });
    expect(object(a(11n))).toMatchObject({ status: PostStatus.deleted });
    expect(object(a(14n))).toMatchObject({ original_text: 'edited by its owner' });
    expect(object(c(13n))).toMatchObject({ original_text: 'edited old comment', status: PostStatus.deleted });
    expect(object(c(23n))).toMatchObject({ answer_id: a(21n), original_text: 'edited comment' });
    expect(expected.reviews.map((row) => [row.revision_id, row.settled])).toEqual([
      ['rs-1', true],
      ['rs-2', true],
      ['rs-3', false],
    ]);
    expect(await tables(inBatch)).toEqual(expected);
  });

  it('goes one event at a time where counting answers once at the end would differ', async () => {
    // An answer's deletion naming another question, after its own question's answers were counted: that count is
    // left as it was.
    const misnamed = [posted(a(15n), q(1n)), asked(q(4n)), answerAct(AnswerDeleted.type, a(11n), q(4n))];
    // A comment filed under a question's id after that question's answers were counted: its row counts none.
    const misfiled = [posted(a(51n), q(5n)), commented(q(5n), q(4n), q(4n))];
    for (const [name, events, id, count] of [
      ['misnamed', misnamed, q(1n), 2],
      ['misfiled', misfiled, q(5n), 0],
    ] as const) {
      const { oneByOne, inBatch } = await appliedBothWays(objectsFromPosts, [...events], schema, name);
      const expected = await tables(oneByOne);
      expect(expected.objects.find((row) => row.object_id === id)).toMatchObject({ answer_count: count });
      expect(await tables(inBatch)).toEqual(expected);
    }
  });

  it('writes a run of asks, answers, comments and edits in a few statements', async () => {
    const events: StoredEvent[] = [];
    for (let n = 100n; n < 150n; n++) {
      events.push(asked(q(n)), posted(a(n), q(n)), commented(c(n), a(n), q(n)));
      events.push(questionEdited(q(n), `r-${n}`, `Title ${n}`), answerEdited(a(n), q(n), `ra-${n}`, 'edited'));
      events.push(commentEdited(c(n), 'edited'), accepted(q(n), a(n)));
    }
    const database = await schema('statements');
    let statements = 0;
    const counted = database.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    });
    await counted.transaction().execute((tx) => objectsFromPosts.applyBatch?.(events, tx) ?? Promise.resolve());
    expect(statements).toBeLessThanOrEqual(6);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from moderated_objects where answer_count = 1 and accepted_answer_id <> ''`.execute(
      database.db,
    );
    expect(rows[0]?.n).toBe(50);
  });
});
