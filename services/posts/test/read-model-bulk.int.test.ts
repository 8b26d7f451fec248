/**
 * The posts inline read model a batch at a time (`applyPostsEvents`: an import's batches and a rebuild's pages,
 * docs/capacity.md §9) leaves every table as applying each event in turn with `applyPostsEvent`: asks with tags and
 * links, edits changing them (a tag dropped and taken back, links dropped and taken back), answers and their edits
 * (an edit of a question's last answer after it was counted), comments on questions and answers, edited and deleted,
 * acceptances that cancel earlier ones (in the run and before it), view counts, a deletion, holds published, an
 * answer and an edit before their question, replays of the same event, times out of order — over three batches, the
 * later ones finding the rows of those before.
 */
import {
  AnswerAccepted,
  AnswerEdited,
  AnswerHeld,
  AnswerPosted,
  AnswerRevisionSubmitted,
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  formatObjectId,
  PostStatus,
  QuestionAsked,
  QuestionDeleted,
  QuestionEdited,
  QuestionHeld,
  QuestionRevisionSubmitted,
  RevisionStatus,
  ViewsCounted,
} from '@agora/contracts';
import type { ServiceDatabase, StoredEvent } from '@agora/platform';
import { appliedBothWaysInBatches, deliveredEvent, everyTable, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postsMigrations } from '../src/migrations';
import { applyPostsEvent, applyPostsEvents } from '../src/projections/posts/read-model';

const schema = serviceSchemas('posts_read_model_bulk', postsMigrations);

const Q = (n: number) => formatObjectId('question', BigInt(n));
const A = (n: number) => formatObjectId('answer', BigInt(n));
const C = (n: number) => formatObjectId('comment', BigInt(n));
const tag = (slug: string, name = slug) => ({ slug_name: slug, display_name: name });

let revisions = 0;
const posts = (type: string, stream: string, data: object) => deliveredEvent('posts', type, stream, data);
/** The same event at another time (an imported one, appended after later ones). */
const dated = (event: StoredEvent, at: string): StoredEvent => ({ ...event, occurredAt: at });

/** An edit that applies a suggested revision, by its id. */
const revised = (event: StoredEvent, revisionId: string): StoredEvent => ({
  ...event,
  data: { ...(event.data as object), revision_id: revisionId },
});

const questionText = (title: string, content: string, tags: { slug_name: string; display_name: string }[]) => ({
  title,
  url_title: title.toLowerCase().replaceAll(' ', '-'),
  content,
  html: `<p>${content}</p>`,
  tags,
  revision_id: `rev-${++revisions}`,
});
const asked = (q: string, user: string, title: string, content: string, tags: ReturnType<typeof tag>[]) =>
  posts(QuestionAsked.type, q, { question_id: q, user_id: user, ...questionText(title, content, tags) });
const held = (q: string, user: string, title: string, content: string, tags: ReturnType<typeof tag>[]) =>
  posts(QuestionHeld.type, q, {
    question_id: q,
    user_id: user,
    reason: 'imported',
    ...questionText(title, content, tags),
  });
const edited = (q: string, editor: string, title: string, content: string, tags: ReturnType<typeof tag>[]) =>
  posts(QuestionEdited.type, q, {
    question_id: q,
    editor_id: editor,
    edit_summary: `edit by ${editor}`,
    ...questionText(title, content, tags),
  });
const answerText = (content: string) => ({ content, html: `<p>${content}</p>`, revision_id: `rev-${++revisions}` });
const answered = (a: string, q: string, user: string, content: string) =>
  posts(AnswerPosted.type, a, { answer_id: a, question_id: q, user_id: user, ...answerText(content) });
const answerEdited = (a: string, q: string, editor: string, content: string) =>
  posts(AnswerEdited.type, a, {
    answer_id: a,
    question_id: q,
    editor_id: editor,
    edit_summary: `fixed by ${editor}`,
    ...answerText(content),
  });
const accepted = (q: string, answer: string | null, previous: string | null) =>
  posts(AnswerAccepted.type, q, { question_id: q, actor_id: 'u1', answer_id: answer, previous_answer_id: previous });
const commented = (c: string, on: string, q: string, user: string, text: string, reply: string | null = null) =>
  posts(CommentAdded.type, c, {
    comment_id: c,
    object_id: on,
    question_id: q,
    user_id: user,
    reply_comment_id: reply,
    reply_user_id: reply ? 'u2' : null,
    original_text: text,
    parsed_text: `<p>${text}</p>`,
    mentions: [],
  });
const views = (...counts: [string, number, number][]) =>
  posts(ViewsCounted.type, `views-${counts.length}`, {
    counts: counts.map(([question_id, v, unique]) => ({ question_id, views: v, unique_views: unique })),
  });

/** The events, in log order, split into the batches an import would write them in. */
function importBatches() {
  const q1 = asked(Q(1), 'u1', 'First', `See /questions/${Q(2)} and https://other.example/questions/${Q(3)}`, [
    tag('go', 'Go'),
    tag('rust'),
  ]);
  const q2 = asked(Q(2), 'u2', 'Second', 'Plain.', [tag('go', 'golang')]);
  const c1 = commented(C(1), Q(1), Q(1), 'u2', 'A remark');
  const a1 = answered(A(1), Q(1), 'u4', `Compare /questions/${Q(2)}`);
  // Another name for `go` in the same run: the first one known stays.
  const q1Edit = edited(Q(1), 'u1', 'First again', `Back to /questions/${Q(2)}`, [tag('go', 'GoLang'), tag('rust')]);
  const q1LastEdit = edited(
    Q(1),
    'u5',
    'First, last edit',
    `Links https://other.example/questions/${Q(2)} and /questions/${Q(3)}`,
    [tag('go', 'Go'), tag('rust')],
  );
  const first = [
    q1,
    q2,
    // An answer before its question.
    answered(A(3), Q(3), 'u3', 'Early answer'),
    edited(Q(1), 'u3', 'First, edited', `Now /questions/${Q(2)} and /questions/${Q(4)}`, [tag('rust'), tag('python')]),
    views([Q(1), 5, 4], [Q(2), 3, 3], [Q(9), 1, 1]),
    a1,
    c1,
    q1Edit,
    answered(A(2), Q(1), 'u5', 'Second answer'),
    answerEdited(A(1), Q(1), 'u6', 'No links now'),
    answerEdited(A(2), Q(1), 'u7', 'Second answer, fixed'),
    commented(C(2), A(2), Q(1), 'u3', 'On the answer', C(1)),
    // A deletion between runs: answers after it are not listed.
    posts(QuestionDeleted.type, Q(2), { question_id: Q(2), actor_id: 'u9' }),
    answered(A(4), Q(2), 'u6', 'Answer to a deleted question'),
    answered(A(8), Q(2), 'u1', 'Last answer to it'),
    // Edited after it was counted: its question's last answerer stays its author.
    answerEdited(A(8), Q(2), 'u2', 'Last answer, edited'),
    asked(Q(3), 'u3', 'Third', 'Asked after its answer.', [tag('python')]),
    accepted(Q(1), A(1), null),
    commented(C(3), A(1), Q(1), 'u4', 'Soon gone'),
    posts(CommentEdited.type, C(3), {
      comment_id: C(3),
      actor_id: 'u4',
      original_text: 'Edited',
      parsed_text: '<p>Edited</p>',
      mentions: [],
    }),
    posts(CommentDeleted.type, C(3), { comment_id: C(3), object_id: A(1), actor_id: 'u4' }),
    accepted(Q(1), A(2), A(1)),
    // Dated before the question's last edit: its activity time stays the edit's.
    dated(answered(A(5), Q(1), 'u8', 'An older answer'), new Date(Date.parse(q1.occurredAt) + 500).toISOString()),
    // Replays of events already applied.
    c1,
    q2,
    held(Q(4), 'u1', 'Fourth', 'Waiting for review.', [tag('rust')]),
    posts(AnswerHeld.type, A(6), {
      answer_id: A(6),
      question_id: Q(1),
      user_id: 'u2',
      reason: 'imported',
      ...answerText('Held answer'),
    }),
    // Both published after review.
    asked(Q(4), 'u1', 'Fourth', 'Waiting for review.', [tag('rust')]),
    answered(A(6), Q(1), 'u2', 'Held answer'),
    answerEdited(A(6), Q(1), 'u9', 'Held answer, edited'),
    // Names a question twice: applied on its own.
    views([Q(1), 1, 1], [Q(1), 2, 2]),
    edited(Q(4), 'u4', 'Fourth, edited', 'Published.', [tag('go', 'Golang'), tag('python')]),
  ];
  const second = [
    // Dated before the question's first answer: that one stays its last.
    dated(answered(A(7), Q(3), 'u1', 'A later batch'), '2026-01-01T00:00:00.000Z'),
    answerEdited(A(3), Q(3), 'u2', 'Early answer, edited after the count'),
    accepted(Q(1), A(6), A(2)),
    posts(CommentEdited.type, C(2), {
      comment_id: C(2),
      actor_id: 'u3',
      original_text: 'On the answer, edited',
      parsed_text: '<p>On the answer, edited</p>',
      mentions: [],
    }),
    posts(CommentDeleted.type, C(1), { comment_id: C(1), object_id: Q(1), actor_id: 'u2' }),
    // `go` and the link to the second question, there before the batch, dropped and taken back in it.
    edited(Q(1), 'u5', 'First, no links', 'None.', [tag('rust')]),
    q1LastEdit,
    views([Q(1), 10, 7]),
    // A replay of an answer of the first batch: its links are its text's again.
    a1,
    // An edit before its question, and an answer before its question, in the same run.
    edited(Q(5), 'u1', 'Fifth, edited first', `To /questions/${Q(1)}`, [tag('elixir')]),
    asked(Q(5), 'u1', 'Fifth', 'Asked after its edit.', [tag('erlang')]),
    answered(A(9), Q(6), 'u3', 'Before the sixth'),
    views([Q(6), 4, 4]),
    asked(Q(6), 'u3', 'Sixth', 'Asked after its answer.', [tag('go', 'GO')]),
    accepted(Q(6), A(9), null),
    // Events of a comment and an answer before the one that makes it.
    posts(CommentDeleted.type, C(4), { comment_id: C(4), object_id: Q(6), actor_id: 'u1' }),
    commented(C(4), Q(6), Q(6), 'u1', 'Still here'),
    answerEdited(A(11), Q(5), 'u4', `Edited before posted, to /questions/${Q(1)}`),
    answered(A(11), Q(5), 'u5', 'Posted after its edit'),
    // Suggested edits approved: the revisions written when suggested are applied, as they were suggested.
    posts(QuestionRevisionSubmitted.type, Q(6), {
      question_id: Q(6),
      editor_id: 'u6',
      edit_summary: 'suggested',
      ...questionText('Sixth, suggested', 'Suggested.', [tag('go', 'GO')]),
      revision_id: 'rev-suggested-q',
    }),
    posts(AnswerRevisionSubmitted.type, A(9), {
      answer_id: A(9),
      question_id: Q(6),
      editor_id: 'u6',
      edit_summary: 'suggested',
      ...answerText('Suggested answer'),
      revision_id: 'rev-suggested-a',
    }),
    revised(edited(Q(6), 'u6', 'Sixth, suggested', 'Suggested.', [tag('go', 'GO')]), 'rev-suggested-q'),
    revised(answerEdited(A(9), Q(6), 'u6', 'Suggested answer'), 'rev-suggested-a'),
    // Accepted before it is posted: posted, it is not.
    accepted(Q(5), A(10), null),
    answered(A(10), Q(5), 'u2', 'Accepted before posted'),
  ];
  const third = [
    accepted(Q(3), A(7), null),
    accepted(Q(1), null, A(6)),
    // Accepted again and taken back: its rows cancelled before the batch keep the time they were cancelled at.
    accepted(Q(1), A(1), null),
    accepted(Q(1), A(2), A(1)),
    // An imported edit at its own time: the question's activity time is set back to it.
    dated(answerEdited(A(7), Q(3), 'u4', 'A later batch, edited'), '2026-01-02T00:00:00.000Z'),
  ];
  return { batches: [first, second, third], q1, q1LastEdit };
}

const ways = {
  oneByOne: applyPostsEvent,
  inBatch: applyPostsEvents,
};

/**
 * Every table of the schema but the migrations' own (when each ran), the status counts summed: kept by triggers on
 * shards chosen by the writer's connection (random by design), and a row a status left may stay at zero.
 */
async function tables(database: ServiceDatabase): Promise<Record<string, unknown[]>> {
  const all = await everyTable(database, ['kysely_migration', 'kysely_migration_lock', 'post_status_counts']);
  const { rows } = await sql`
    select kind, status, sum(n)::int as n from post_status_counts group by kind, status having sum(n) <> 0
    order by 1, 2`.execute(database.db);
  return { ...all, post_status_counts: rows };
}

describe('the posts read model a batch at a time', () => {
  it('leaves every table as applying each event in turn', async () => {
    const { batches, q1, q1LastEdit } = importBatches();
    const { oneByOne, inBatch } = await appliedBothWaysInBatches(ways, batches, schema, 'import');
    const expected = await tables(oneByOne);
    const row = (table: string, id: string) =>
      (expected[table] as { id: string }[] | undefined)?.find((r) => r.id === id) as Record<string, unknown>;

    expect(row('questions', Q(1))).toMatchObject({
      title: 'First, last edit',
      tags: [tag('go', 'Go'), tag('rust')],
      answer_count: 4,
      first_answer_id: A(5),
      accepted_answer_id: A(2),
    });
    // Counted when its last answer came, before that answer's edit.
    expect(row('questions', Q(2))).toMatchObject({ answer_count: 2, last_answer_id: A(8), last_answer_user_id: 'u1' });
    expect(row('questions', Q(3))).toMatchObject({
      answer_count: 2,
      first_answer_id: A(7),
      last_answer_id: A(3),
      last_answer_user_id: 'u3',
      accepted_answer_id: A(7),
    });
    expect((row('questions', Q(3)).post_update_time as Date).toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(row('questions', Q(4))).toMatchObject({ status: PostStatus.available, title: 'Fourth, edited' });
    expect(row('questions', Q(5))).toMatchObject({ title: 'Fifth', last_edit_user_id: null });
    expect(row('questions', Q(6))).toMatchObject({ answer_count: 0, view_count: 0, accepted_answer_id: A(9) });
    expect(row('answers', A(9))).toMatchObject({
      accepted: true,
      question_listed: true,
      content: 'Suggested answer',
      pending_revision_id: null,
    });
    expect(row('answers', A(11))).toMatchObject({ content: 'Posted after its edit', last_edit_user_id: null });
    expect(row('comments', C(4))).toMatchObject({ status: PostStatus.available });
    expect(row('revisions', 'rev-suggested-q')).toMatchObject({ status: RevisionStatus.applied, log: 'suggested' });
    expect(row('questions', Q(5))).toMatchObject({ answer_count: 2, accepted_answer_id: A(10) });
    expect(row('answers', A(10))).toMatchObject({ accepted: false });
    expect(row('questions', Q(9))).toBeUndefined();
    expect(row('answers', A(4))).toMatchObject({ question_listed: false });
    expect(row('answers', A(7))).toMatchObject({ accepted: true });
    expect(row('answers', A(6))).toMatchObject({
      accepted: false,
      last_edit_user_id: 'u9',
      status: PostStatus.available,
    });
    expect(row('comments', C(1))).toMatchObject({ status: PostStatus.deleted });
    expect(row('comments', C(2))).toMatchObject({
      original_text: 'On the answer, edited',
      status: PostStatus.available,
    });
    expect(row('comments', C(3))).toMatchObject({ original_text: 'Edited', status: PostStatus.deleted });
    // `go` dropped by an edit and taken back by the next: made anew then; `rust` there since the ask (and `go`
    // dropped and taken back in the first batch too).
    expect(
      (expected.question_tags as { question_id: string; tag_slug: string; created_at: Date }[])
        .filter((t) => t.question_id === Q(1))
        .map((t) => [t.tag_slug, t.created_at.toISOString()]),
    ).toEqual([
      ['go', q1LastEdit.occurredAt],
      ['rust', q1.occurredAt],
    ]);
    expect(expected.known_tags).toEqual(
      expect.arrayContaining([
        { slug_name: 'go', display_name: 'Go' },
        { slug_name: 'elixir', display_name: 'elixir' },
      ]),
    );
    expect(
      (expected.question_links as { from_post_id: string; to_question_id: string; site: string }[]).map((l) => [
        l.from_post_id,
        l.to_question_id,
        l.site,
      ]),
    ).toEqual([
      // The link to the second question from this site before the batch, from another one after it.
      [Q(1), Q(2), 'other.example'],
      [Q(1), Q(3), ''],
      // Taken back by the replay of its answer; the fifth question's edit's link went with the ask after it.
      [A(1), Q(2), ''],
    ]);
    // Each acceptance's timeline rows cancelled by the next: in its run, in the next batch, and in the last one.
    const accepts = (expected.activity as { object_id: string; activity_type: string; cancelled: boolean }[]).filter(
      (a) => a.activity_type === 'accept',
    );
    expect(accepts.map((a) => [a.object_id, a.cancelled])).toEqual(
      expect.arrayContaining([
        [A(1), true],
        [A(2), true],
        [A(6), true],
        [A(7), false],
      ]),
    );
    expect(accepts).toHaveLength(16);
    expect(expected.post_status_counts).toEqual([
      { kind: 'answer', status: PostStatus.available, n: 11 },
      { kind: 'question', status: PostStatus.available, n: 5 },
      { kind: 'question', status: PostStatus.deleted, n: 1 },
    ]);

    expect(await tables(inBatch)).toEqual(expected);
  });
});
