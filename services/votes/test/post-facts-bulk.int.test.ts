/**
 * Votes' copy of posts a batch at a time (the replay of an import: docs/capacity.md §9) leaves its tables as applying
 * each event in turn: answers, edits, acceptances and views before their question's ask (another partition ran
 * ahead), asks and answers replayed, edits before a creation, deletions, purges and re-creations between runs, and
 * follows taken back and given again.
 */
import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  Pin,
  PostStatus,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionFollowed,
  QuestionHidden,
  QuestionPinned,
  QuestionPurged,
  QuestionReopened,
  QuestionShown,
  QuestionUnfollowed,
  Show,
  ViewsCounted,
} from '@agora/contracts';
import type { ServiceDatabase, StoredEvent } from '@agora/platform';
import { appliedBothWays, deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { votesMigrations } from '../src/migrations';
import { postFactsProjection } from '../src/projections/post-facts/projection';

const posts = (type: string, streamId: string, data: object) => deliveredEvent('posts', type, streamId, data);
const tags = [{ slug_name: 'go', display_name: 'Go' }];
const asked = (q: string, title: string) =>
  posts(QuestionAsked.type, q, {
    question_id: q,
    user_id: 'asker',
    revision_id: `r-${q}`,
    title,
    url_title: title.toLowerCase(),
    content: `**${title}** body`,
    html: `<p><strong>${title}</strong> body</p>`,
    tags,
  });
const edited = (q: string, title: string, editor: string) =>
  posts(QuestionEdited.type, q, {
    question_id: q,
    editor_id: editor,
    revision_id: `r-${title}`,
    edit_summary: '',
    title,
    url_title: title.toLowerCase(),
    content: `_${title}_ body`,
    html: `<p><em>${title}</em> body</p>`,
    tags: [...tags, { slug_name: title.toLowerCase(), display_name: title }],
  });
const posted = (a: string, q: string, content: string) =>
  posts(AnswerPosted.type, a, {
    answer_id: a,
    question_id: q,
    user_id: 'answerer',
    revision_id: `r-${a}`,
    content,
    html: `<p>${content}</p>`,
  });
const answerEdited = (a: string, q: string, content: string) =>
  posts(AnswerEdited.type, a, {
    answer_id: a,
    question_id: q,
    editor_id: 'editor',
    revision_id: `r-${content}`,
    edit_summary: '',
    content,
    html: `<p>${content}</p>`,
  });
const commented = (c: string, object: string, q: string, text: string) =>
  posts(CommentAdded.type, c, {
    comment_id: c,
    object_id: object,
    question_id: q,
    user_id: 'commenter',
    reply_comment_id: null,
    reply_user_id: null,
    original_text: text,
    parsed_text: `<p>${text}</p>`,
    mentions: [],
  });
const commentEdited = (c: string, text: string) =>
  posts(CommentEdited.type, c, {
    comment_id: c,
    actor_id: 'commenter',
    original_text: text,
    parsed_text: `<p>${text}</p>`,
    mentions: [],
  });
const act = (type: string, q: string) =>
  posts(type, q, { question_id: q, actor_id: 'moderator', close_type: 1, close_msg: '' });
const accepted = (q: string, a: string | null) =>
  posts(AnswerAccepted.type, q, { question_id: q, actor_id: 'asker', answer_id: a, previous_answer_id: null });
const views = (...counts: [string, number, number][]) =>
  posts(ViewsCounted.type, 'question-views', {
    counts: counts.map(([question_id, n, unique]) => ({ question_id, views: n, unique_views: unique })),
  });
const follow = (q: string, user: string, followed = true) =>
  posts(followed ? QuestionFollowed.type : QuestionUnfollowed.type, `question-follow-${q}-${user}`, {
    question_id: q,
    user_id: user,
  });

/** q0 and its answer and comment, followed by `fan`, there before the batch; ledger entries on the posts. */
const q0 = asked('q0', 'Zero');
const seedEvents = [
  q0,
  posted('a0', 'q0', 'zero answer'),
  commented('c0', 'a0', 'q0', 'zero comment'),
  follow('q0', 'fan'),
];

async function seed(database: ServiceDatabase) {
  await database.db.transaction().execute(async (tx) => {
    for (const event of seedEvents) await postFactsProjection.apply(event, tx);
  });
  for (const [entry, object, question] of [
    ['e-a2', 'a2', 'q1'],
    ['e-c1', 'c1', 'q1'],
    ['e-q2', 'q2', 'q2'],
    ['e-a0', 'a0', 'q0'],
  ]) {
    await sql`insert into ledger_entries (entry_id, user_id, object_id, question_id, reason, amount, state, granted_at)
              values (${entry}, 'answerer', ${object}, ${question}, 'upvoted', 10, 'active', now())`.execute(
      database.db,
    );
  }
}

const schema = serviceSchemas('post_facts_bulk', votesMigrations, seed);

type Row = Record<string, unknown>;
const rows = async (database: ServiceDatabase, query: ReturnType<typeof sql>) =>
  (await query.execute(database.db)).rows as Row[];
const tables = async (database: ServiceDatabase) => ({
  questions: await rows(database, sql`select * from questions order by id`),
  answers: await rows(database, sql`select * from answers order by id`),
  comments: await rows(database, sql`select * from comments order by id`),
  follows: await rows(database, sql`select * from question_follows order by 1, 2`),
  entries: await rows(database, sql`select entry_id, post_deleted from ledger_entries order by 1`),
});

const time = (event: StoredEvent) => new Date(event.occurredAt);
const byId = (table: Row[], id: string) => table.find((row) => row.id === id);

describe("votes' copy of posts a run at a time", () => {
  it('leaves every table as applying each event in turn, whatever the order and the acts between', async () => {
    // Asked before their answers were posted, delivered after them.
    const q1 = asked('q1', 'One');
    const q2 = asked('q2', 'Two');
    const a1 = posted('a1', 'q1', 'first answer');
    const a3 = posted('a3', 'q2', 'late answer');
    const c1 = commented('c1', 'a1', 'q1', 'c1 text');
    const a1Edit = answerEdited('a1', 'q1', 'a1 edited');
    const q3 = asked('q3', 'Three');
    const q0Edit = edited('q0', 'Zero edited twice', 'second-editor');
    // Made after q0Edit, applied before it: the latest time, not the last edit.
    const q0FirstEdit = edited('q0', 'Zero edited once', 'first-editor');
    const q2Edit = edited('q2', 'Two edited while deleted', 'first-editor');
    const q2Deleted = act(QuestionDeleted.type, 'q2');
    const events = [
      // q0 was there: a replayed ask does nothing, every edit counts, before the replay or after.
      q0FirstEdit,
      q0,
      q0Edit,
      answerEdited('a0', 'q0', 'a0 edited'),
      commentEdited('c0', 'c0 edited'),
      // Ahead of q1's ask: its answer stays, the edits, views, acceptance and close before it find no question.
      answerEdited('a1', 'q1', 'too early'),
      a1,
      edited('q1', 'Too early', 'early-editor'),
      views(['q1', 5, 3], ['q0', 2, 1]),
      accepted('q1', 'a1'),
      act(QuestionClosed.type, 'q1'),
      q1,
      q1,
      edited('q1', 'One edited once', 'first-editor'),
      edited('q1', 'One edited twice', 'second-editor'),
      a1Edit,
      views(['q1', 7, 4]),
      accepted('q1', 'a1'),
      act(QuestionPinned.type, 'q1'),
      act(QuestionHidden.type, 'q1'),
      act(QuestionClosed.type, 'q1'),
      posted('a2', 'q1', 'second answer'),
      c1,
      commentEdited('c1', 'c1 edited once'),
      commentEdited('c1', 'c1 edited twice'),
      commentEdited('c2', 'too early'),
      commented('c2', 'q1', 'q1', 'c2 text'),
      commented('c2', 'q1', 'q1', 'c2 said again'),
      // q2's answer was posted after its ask: it touched the question first.
      a3,
      q2,
      follow('q1', 'u1'),
      follow('q1', 'u1', false),
      follow('q1', 'u1'),
      follow('q1', 'u2'),
      follow('q1', 'u2'),
      follow('q1', 'u2', false),
      follow('q0', 'fan', false),
      follow('q2', 'u3'),
      answerEdited('a9', 'q1', 'never posted'),
      commentEdited('c9', 'never added'),
      // One at a time (the ledger lock), then runs again.
      posts(AnswerDeleted.type, 'a2', { answer_id: 'a2', question_id: 'q1', actor_id: 'moderator' }),
      posts(CommentDeleted.type, 'c1', { comment_id: 'c1', object_id: 'a1', actor_id: 'moderator' }),
      act(QuestionReopened.type, 'q1'),
      act(QuestionShown.type, 'q1'),
      answerEdited('a2', 'q1', 'a2 edited while deleted'),
      accepted('q1', null),
      q2Deleted,
      q2Edit,
      // Purged, then replayed: made again as new.
      posts(AnswerPurged.type, 'a1', {
        answer_id: 'a1',
        question_id: 'q1',
        user_id: 'answerer',
        actor_id: 'admin',
        comment_ids: ['c1'],
        revision_ids: [],
      }),
      a1,
      c1,
      a1Edit,
      q3,
      posted('a4', 'q3', 'answer of a purged question'),
      follow('q3', 'u1'),
      posts(QuestionPurged.type, 'q3', {
        question_id: 'q3',
        user_id: 'asker',
        actor_id: 'admin',
        answer_ids: ['a4'],
        comment_ids: [],
        revision_ids: [],
      }),
      q3,
      q0Edit,
    ];
    const { oneByOne, inBatch } = await appliedBothWays(postFactsProjection, events, schema, 'posts');
    const expected = await tables(oneByOne);
    expect(byId(expected.questions, 'q0')).toMatchObject({
      title: 'Zero edited twice',
      last_edit_user_id: 'second-editor',
      edited_at: time(q0Edit),
      updated_at: time(q0FirstEdit),
      view_count: 2,
      unique_view_count: 1,
    });
    expect(byId(expected.questions, 'q1')).toMatchObject({
      title: 'One edited twice',
      last_edit_user_id: 'second-editor',
      accepted_answer_id: null,
      status: PostStatus.available,
      pin: Pin.pinned,
      show: Show.shown,
      view_count: 7,
      unique_view_count: 4,
    });
    expect(byId(expected.questions, 'q2')).toMatchObject({
      title: 'Two edited while deleted',
      status: PostStatus.deleted,
      created_at: time(q2),
      updated_at: time(q2Deleted),
    });
    expect(byId(expected.questions, 'q3')).toMatchObject({ title: 'Three', updated_at: time(q3) });
    expect(expected.answers.map((row) => [row.id, row.description, row.status])).toEqual([
      ['a0', 'a0 edited', PostStatus.available],
      ['a1', 'a1 edited', PostStatus.available],
      ['a2', 'a2 edited while deleted', PostStatus.deleted],
      ['a3', 'late answer', PostStatus.available],
    ]);
    expect(byId(expected.answers, 'a1')).toMatchObject({ created_at: time(a1) });
    expect(expected.comments.map((row) => [row.id, row.description, row.status])).toEqual([
      ['c0', 'c0 edited', PostStatus.available],
      ['c1', 'c1 text', PostStatus.available],
      ['c2', 'c2 text', PostStatus.available],
    ]);
    expect(expected.follows).toEqual([
      { question_id: 'q1', user_id: 'u1' },
      { question_id: 'q2', user_id: 'u3' },
    ]);
    expect(expected.entries).toEqual([
      { entry_id: 'e-a0', post_deleted: false },
      { entry_id: 'e-a2', post_deleted: true },
      { entry_id: 'e-c1', post_deleted: true },
      { entry_id: 'e-q2', post_deleted: true },
    ]);
    expect(await tables(inBatch)).toEqual(expected);
  });

  it("starts a question's updated_at at its answers' latest creation when they were delivered first", async () => {
    const q = asked('q4', 'Four');
    const ahead = posted('a5', 'q4', 'posted after the ask, delivered before it');
    const { oneByOne, inBatch } = await appliedBothWays(postFactsProjection, [ahead, q], schema, 'ahead');
    const expected = await tables(oneByOne);
    expect(byId(expected.questions, 'q4')).toMatchObject({ created_at: time(q), updated_at: time(ahead) });
    expect(await tables(inBatch)).toEqual(expected);
  });

  it('inserts a question made and changed in one run as its changes leave it', async () => {
    const q = asked('q7', 'Seven');
    const answer = posted('a8', 'q7', 'answer');
    const edit = edited('q7', 'Seven edited', 'editor');
    const pinned = act(QuestionPinned.type, 'q7');
    const hidden = act(QuestionHidden.type, 'q7');
    const closed = act(QuestionClosed.type, 'q7');
    const events = [q, answer, edit, pinned, hidden, closed, accepted('q7', 'a8'), views(['q7', 3, 2])];
    const { oneByOne, inBatch } = await appliedBothWays(postFactsProjection, events, schema, 'made');
    const expected = await tables(oneByOne);
    expect(byId(expected.questions, 'q7')).toMatchObject({
      title: 'Seven edited',
      last_edit_user_id: 'editor',
      edited_at: time(edit),
      status: PostStatus.closed,
      pin: Pin.pinned,
      show: Show.hidden,
      accepted_answer_id: 'a8',
      view_count: 3,
      unique_view_count: 2,
      created_at: time(q),
      updated_at: time(closed),
    });
    expect(await tables(inBatch)).toEqual(expected);
  });

  it('applies one at a time a run whose views name a question twice', async () => {
    const events = [asked('q6', 'Six'), views(['q6', 1, 1], ['q6', 2, 2]), edited('q6', 'Six edited', 'editor')];
    const { oneByOne, inBatch } = await appliedBothWays(postFactsProjection, events, schema, 'twice');
    const expected = await tables(oneByOne);
    expect(byId(expected.questions, 'q6')).toMatchObject({ title: 'Six edited' });
    expect(await tables(inBatch)).toEqual(expected);
  });
});
