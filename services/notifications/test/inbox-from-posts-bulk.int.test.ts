/**
 * The inbox's post index a batch at a time (the replay of an import: docs/capacity.md §9) leaves every table the
 * projection writes as applying each event in turn: imported posts, edits, comments and follows folded (answers and
 * comments before their posts waiting and taken in the same run, a duplicate put on the waiting list again, an
 * older ask replayed after an edit), live events between them notifying one by one, a purge between, and a run
 * whose post an earlier live event waits for applied event by event.
 */
import {
  AnswerAccepted,
  AnswerEdited,
  AnswerPosted,
  CommentAdded,
  CommentEdited,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionFollowed,
  QuestionPurged,
  QuestionUnfollowed,
} from '@agora/contracts';
import type { ServiceDatabase, StoredEvent } from '@agora/platform';
import { appliedBothWays, deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { UnsubscribeCodes } from '../src/mail/unsubscribe-codes';
import { notificationsMigrations } from '../src/migrations';
import { inboxFromPosts } from '../src/projections/inbox-from-posts/projection';

const schema = serviceSchemas('inbox_posts_bulk', notificationsMigrations);

// Nothing is recent enough to mail: what is compared is the inbox and what the projection keeps.
const projection = inboxFromPosts({
  codes: {} as UnsubscribeCodes,
  config: { siteUrl: 'http://localhost' },
  onQueued: () => {},
  windowMs: 0,
  now: () => Number.MAX_SAFE_INTEGER,
});

const live = (type: string, data: Record<string, unknown>) =>
  deliveredEvent('posts', type, String(data.comment_id ?? data.answer_id ?? data.question_id), data);
const imported = (type: string, data: Record<string, unknown>): StoredEvent => {
  const event = live(type, data);
  return { ...event, metadata: { ...event.metadata, imported: true } };
};

const question = (id: string, user: string, title: string) => ({
  question_id: id,
  user_id: user,
  revision_id: `r-${id}`,
  title,
  url_title: title.toLowerCase().replaceAll(' ', '-'),
  content: 'What about it?',
  html: '<p>What about it?</p>',
  tags: [{ slug_name: 'bulk', display_name: 'bulk' }],
});
const asked = (id: string, user: string, title: string) => imported(QuestionAsked.type, question(id, user, title));
const edited = (id: string, user: string, title: string) =>
  imported(QuestionEdited.type, { ...question(id, user, title), editor_id: user, edit_summary: '' });
const answer = (id: string, questionId: string, user: string) => ({
  answer_id: id,
  question_id: questionId,
  user_id: user,
  revision_id: `r-${id}`,
  content: 'This.',
  html: '<p>This.</p>',
});
const answerEdited = (id: string, questionId: string, user: string) =>
  imported(AnswerEdited.type, { ...answer(id, questionId, user), editor_id: user, edit_summary: '' });
const comment = (id: string, on: string, questionId: string, user: string, mentions: string[] = []) => ({
  comment_id: id,
  object_id: on,
  question_id: questionId,
  user_id: user,
  reply_comment_id: null,
  reply_user_id: null,
  original_text: 'Hm.',
  parsed_text: '<p>Hm.</p>',
  mentions,
});
const commentEdited = (id: string, user: string, mentions: string[]) => ({
  comment_id: id,
  actor_id: user,
  original_text: 'Hm!',
  parsed_text: '<p>Hm!</p>',
  mentions,
});
const follow = (questionId: string, user: string) => ({ question_id: questionId, user_id: user });

async function tables(database: ServiceDatabase) {
  const rows = async (query: ReturnType<typeof sql<Record<string, unknown>>>) =>
    (await query.execute(database.db)).rows;
  return {
    posts: await rows(sql`select * from post_index order by object_id`),
    followers: await rows(sql`select * from question_followers order by 1, 2`),
    waiting: await rows(sql`select seq, post_id, event_id, event from events_waiting_for_posts order by seq`),
    nextWaiting: await rows(sql`select last_value, is_called from events_waiting_for_posts_seq_seq`),
    notifications: await rows(sql`select * from notifications order by id`),
    eventKeys: await rows(sql`select * from notification_event_keys order by 1`),
    counters: await rows(sql`select * from notification_counters order by user_id`),
    reads: await rows(sql`select * from notification_reads order by 1`),
    newQuestionNotices: await rows(sql`select * from new_question_notices order by 1, 2`),
    mails: await rows(sql`select * from mail_outbox order by 1`),
    digestItems: await rows(sql`select * from digest_items order by 1`),
  };
}

describe("the inbox's post index a batch at a time", () => {
  it('leaves every table as applying each event in turn', async () => {
    const firstAsk = asked('q1', 'u1', 'First question');
    const waitsForAnswer = imported(AnswerAccepted.type, {
      question_id: 'q1',
      actor_id: 'u1',
      answer_id: 'a4',
      previous_answer_id: null,
    });
    const events = [
      firstAsk,
      edited('q1', 'u1', 'First question edited'),
      imported(AnswerPosted.type, answer('a1', 'q1', 'u2')),
      // Before its question: indexed, and waits for q2, which comes later in the run.
      imported(AnswerPosted.type, answer('a2', 'q2', 'u3')),
      imported(CommentAdded.type, comment('c1', 'a2', 'q2', 'u1', ['u2'])),
      // Before its answer: waits for a3, later in the run.
      imported(CommentAdded.type, comment('c2', 'a3', 'q2', 'u4')),
      answerEdited('a1', 'q1', 'u2'),
      // Waits for an answer that never comes, delivered twice: the second finds it waiting already.
      waitsForAnswer,
      waitsForAnswer,
      imported(QuestionFollowed.type, follow('q1', 'u5')),
      imported(QuestionFollowed.type, follow('q2', 'u7')),
      live(QuestionFollowed.type, follow('q1', 'u6')),
      imported(QuestionUnfollowed.type, follow('q1', 'u5')),
      imported(QuestionUnfollowed.type, follow('q9', 'u7')),
      imported(CommentEdited.type, commentEdited('c1', 'u1', ['u3', 'u2'])),
      imported(CommentEdited.type, commentEdited('c9', 'u1', ['u3'])),
      asked('q2', 'u4', 'Second question'),
      imported(AnswerPosted.type, answer('a3', 'q2', 'u5')),
      // The older ask again: the edited title stays.
      firstAsk,
      imported(QuestionDeleted.type, { question_id: 'q2', actor_id: 'u4' }),
      imported(QuestionClosed.type, { question_id: 'q1', actor_id: 'u1', close_type: 1, close_msg: '' }),
      imported(AnswerPosted.type, answer('a6', 'q3', 'u2')),
      // A live answer notifies the asker and the follower, one by one, between folded runs.
      live(AnswerPosted.type, answer('a5', 'q1', 'u8')),
      live(QuestionPurged.type, {
        question_id: 'q3',
        user_id: 'u1',
        actor_id: 'u1',
        answer_ids: ['a6'],
        comment_ids: [],
        revision_ids: [],
      }),
      answerEdited('a7', 'q4', 'u2'),
      // Rows an earlier run wrote, changed by this one.
      edited('q2', 'u4', 'Second question edited'),
      imported(CommentEdited.type, commentEdited('c2', 'u4', ['u9'])),
      imported(QuestionUnfollowed.type, follow('q2', 'u7')),
      // A live answer before its question: when the imported question comes, its run goes one by one.
      live(AnswerPosted.type, answer('a8', 'q5', 'u9')),
      asked('q5', 'u1', 'Fifth question'),
      imported(CommentAdded.type, comment('c3', 'q5', 'q5', 'u2')),
      imported(CommentAdded.type, comment('c4', 'q1', 'q1', 'u2')),
      live(CommentEdited.type, commentEdited('c1', 'u1', ['u2', 'u6'])),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(projection, events, schema, 'inbox');
    const expected = await tables(oneByOne);

    expect(expected.posts).toMatchObject([
      { object_id: 'a1', object_type: 'answer', question_id: 'q1' },
      { object_id: 'a2', user_id: 'u3', question_id: 'q2' },
      { object_id: 'a3', user_id: 'u5' },
      { object_id: 'a5', user_id: 'u8' },
      { object_id: 'a8', user_id: 'u9', question_id: 'q5' },
      { object_id: 'c1', answer_id: 'a2', parent_id: 'a2', mentions: ['u2', 'u3', 'u6'] },
      { object_id: 'c2', answer_id: 'a3', parent_id: 'a3', user_id: 'u4', mentions: ['u9'] },
      { object_id: 'c3', answer_id: null, parent_id: 'q5' },
      { object_id: 'c4', answer_id: null, parent_id: 'q1' },
      { object_id: 'q1', title: 'First question edited', url_title: 'first-question-edited' },
      { object_id: 'q2', title: 'Second question edited', user_id: 'u4' },
      { object_id: 'q5', user_id: 'u1' },
    ]);
    expect(expected.followers).toEqual([{ question_id: 'q1', user_id: 'u6' }]);
    // a2, c2, the acceptance (then its duplicate), a6, a7, a8 each took a number; the acceptance and a7 still wait.
    expect(expected.waiting).toMatchObject([
      { seq: '3', post_id: 'a4', event_id: waitsForAnswer.id },
      { seq: '6', post_id: 'q4' },
    ]);
    expect(expected.nextWaiting).toEqual([{ last_value: '7', is_called: true }]);
    expect(
      expected.notifications
        .map((n) => [n.user_id, n.action, n.object_id])
        .sort((a, b) => a.join().localeCompare(b.join())),
    ).toEqual([
      ['u1', 'answer_the_question', 'a5'],
      ['u1', 'answer_the_question', 'a8'],
      ['u6', 'followed_question_answered', 'a5'],
      // The live edit adds u6 to the mentions the folded edit left (u2, u3): only u6 is new.
      ['u6', 'mention_you', 'c1'],
    ]);

    expect(await tables(inBatch)).toEqual(expected);
  });
});
