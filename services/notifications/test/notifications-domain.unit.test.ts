import { objectTypeOf } from '@agora/contracts';
import { givenWhen } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { eventKey, joinsLatest, notificationId } from '../src/domain/grouping';
import {
  answerAccepted,
  answerEdited,
  answerPosted,
  commentAdded,
  commentEdited,
  forOthers,
  invited,
  questionEdited,
  voteCast,
} from '../src/domain/recipients';
import { settingsDecider } from '../src/domain/settings/decider';

const who = (intents: { receiver: string; action: string }[]) => intents.map((i) => [i.receiver, i.action]);

describe('who is told', () => {
  it('tells each person once per comment: reply before mention before comment on your post, never the commenter', () => {
    const intents = commentAdded({
      commentId: 'c',
      postId: 'a',
      postType: 'answer',
      questionId: 'q',
      commenter: 'me',
      postAuthor: 'author',
      replyUserId: 'replied',
      mentions: ['replied', 'me', 'dora', 'author'],
    });
    expect(who(intents)).toEqual([
      ['replied', 'reply_to_you'],
      ['dora', 'mention_you'],
      ['author', 'mention_you'],
    ]);
    expect(intents[0]).toMatchObject({ groupKey: 'a', objectId: 'c', objectType: 'comment', triggerUserId: 'me' });
    const plain = commentAdded({
      commentId: 'c',
      postId: 'q',
      postType: 'question',
      questionId: 'q',
      commenter: 'me',
      postAuthor: 'asker',
      replyUserId: null,
      mentions: [],
    });
    expect(who(plain)).toEqual([['asker', 'comment_question']]);
  });

  it('tells only users newly mentioned by an edit', () => {
    const intents = commentEdited({
      commentId: 'c',
      postId: 'q',
      questionId: 'q',
      editor: 'me',
      before: ['dora'],
      after: ['dora', 'eve', 'me'],
    });
    expect(who(intents)).toEqual([['eve', 'mention_you']]);
  });

  it('tells the asker and the author of an edited answer, not the editor', () => {
    expect(
      who(answerEdited({ answerId: 'a', questionId: 'q', editor: 'mod', asker: 'asker', author: 'author' })),
    ).toEqual([
      ['author', 'update_answer'],
      ['asker', 'update_answer'],
    ]);
    expect(
      who(answerEdited({ answerId: 'a', questionId: 'q', editor: 'author', asker: 'author', author: 'author' })),
    ).toEqual([]);
  });

  it("tells a question's followers of its answers, edits, acceptances and comments, after those it is about", () => {
    const followers = ['asker', 'answerer', 'fan', 'editor'];
    expect(
      who(answerPosted({ answerId: 'a', questionId: 'q', answerer: 'answerer', asker: 'asker', followers })),
    ).toEqual([
      ['asker', 'answer_the_question'],
      ['fan', 'followed_question_answered'],
      ['editor', 'followed_question_answered'],
    ]);
    expect(
      who(
        answerEdited({
          answerId: 'a',
          questionId: 'q',
          editor: 'editor',
          asker: 'asker',
          author: 'answerer',
          followers,
        }),
      ),
    ).toEqual([
      ['answerer', 'update_answer'],
      ['asker', 'update_answer'],
      ['fan', 'followed_question_answer_edited'],
    ]);
    expect(who(questionEdited({ questionId: 'q', editor: 'editor', asker: 'asker', followers }))).toEqual([
      ['asker', 'update_question'],
      ['answerer', 'followed_question_edited'],
      ['fan', 'followed_question_edited'],
    ]);
    // The asker accepting their own answer tells nobody as its author, but the followers still hear.
    expect(
      who(
        answerAccepted({ answerId: 'a', questionId: 'q', actor: 'asker', asker: 'asker', author: 'asker', followers }),
      ),
    ).toEqual([
      ['answerer', 'followed_question_answer_accepted'],
      ['fan', 'followed_question_answer_accepted'],
      ['editor', 'followed_question_answer_accepted'],
    ]);
    const onQuestion = commentAdded({
      commentId: 'c',
      postId: 'q',
      postType: 'question',
      questionId: 'q',
      commenter: 'fan',
      postAuthor: 'asker',
      replyUserId: null,
      mentions: ['editor'],
      followers,
    });
    expect(who(onQuestion)).toEqual([
      ['editor', 'mention_you'],
      ['asker', 'comment_question'],
      ['answerer', 'followed_question_commented'],
    ]);
    expect(onQuestion[2]).toMatchObject({ groupKey: 'q', objectId: 'c', objectType: 'comment' });
    const onAnswer = commentAdded({
      commentId: 'c',
      postId: 'a',
      postType: 'answer',
      questionId: 'q',
      commenter: 'asker',
      postAuthor: 'answerer',
      replyUserId: null,
      mentions: [],
      followers,
    });
    expect(who(onAnswer)).toEqual([['answerer', 'comment_answer']]);
  });

  it('names the vote notification by object and direction; comments have no down-vote', () => {
    const base = { objectId: 'o', questionId: 'q', voter: 'v', owner: 'o1' };
    expect(who(voteCast({ ...base, objectType: 'answer', direction: 'down' }))).toEqual([['o1', 'down_voted_answer']]);
    expect(voteCast({ ...base, objectType: 'comment', direction: 'down' })).toEqual([]);
    expect(voteCast({ ...base, owner: 'v', objectType: 'question', direction: 'up' })).toEqual([]);
  });

  it('drops the actor, empty receivers and repeats', () => {
    const base = {
      action: 'invited_you_to_answer' as const,
      groupKey: 'q',
      objectId: 'q',
      objectType: 'question' as const,
    };
    const intents = forOthers(
      ['a', '', 'me', 'a', 'b'].map((receiver) => ({ ...base, receiver, questionId: 'q', triggerUserId: 'me' })),
      'me',
    );
    expect(intents.map((i) => i.receiver)).toEqual(['a', 'b']);
    expect(who(invited({ questionId: 'q', actor: 'me', added: ['me', 'x'] }))).toEqual([
      ['x', 'invited_you_to_answer'],
    ]);
  });
});

describe('grouping', () => {
  it('joins the latest notification unless it was read before the event happened', () => {
    const at = new Date('2026-01-01T10:00:00Z');
    expect(joinsLatest(undefined, at)).toBe(false);
    expect(joinsLatest({ readAt: null }, at)).toBe(true);
    expect(joinsLatest({ readAt: new Date('2026-01-01T10:00:01Z') }, at)).toBe(true);
    expect(joinsLatest({ readAt: new Date('2026-01-01T09:59:59Z') }, at)).toBe(false);
  });

  it('derives stable notification ids from the event, receiver and action', () => {
    const id = notificationId(eventKey('e1', 'u1', 'mention_you'));
    expect(id).toBe(notificationId(eventKey('e1', 'u1', 'mention_you')));
    expect(id).not.toBe(notificationId(eventKey('e1', 'u2', 'mention_you')));
    expect(objectTypeOf(id)).toBe('notification');
  });
});

describe('e-mail settings decider', () => {
  const given = givenWhen(settingsDecider);
  const changed = (values: object, via: 'settings' | 'unsubscribe' = 'settings') => ({
    type: 'notifications.email_settings_changed' as const,
    data: {
      user_id: 'u',
      inbox: true,
      all_new_question: false,
      followed_tags: false,
      digest: 'off' as const,
      ...values,
      via,
    },
  });

  it('records a change against the defaults, and nothing when nothing changes', () => {
    expect(given().when({ type: 'change', userId: 'u', values: { digest: 'weekly' } })).toEqual([
      changed({ digest: 'weekly' }),
    ]);
    expect(given().when({ type: 'change', userId: 'u', values: { inbox: true } })).toEqual([]);
    expect(
      given(changed({ digest: 'weekly' })).when({ type: 'change', userId: 'u', values: { digest: 'weekly' } }),
    ).toEqual([]);
  });

  it('turns off only the sources an unsubscribe link names', () => {
    const history = changed({ all_new_question: true, followed_tags: true });
    expect(given(history).when({ type: 'unsubscribe', userId: 'u', sources: ['all_new_question'] })).toEqual([
      changed({ all_new_question: false, followed_tags: true }, 'unsubscribe'),
    ]);
    expect(given(changed({ inbox: false })).when({ type: 'unsubscribe', userId: 'u', sources: ['inbox'] })).toEqual([]);
  });
});
