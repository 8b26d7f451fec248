import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import {
  questionFollowDecider as decider,
  type FollowedQuestionFacts,
  type QuestionFollowEvent,
  questionFollowStream,
} from '../src/domain/question-follow/decider';

const given = givenWhen(decider);
const ids = { question_id: 'q1', user_id: 'u1' };
const followed: QuestionFollowEvent = { type: 'posts.question_followed', data: ids };
const unfollowed: QuestionFollowEvent = { type: 'posts.question_unfollowed', data: ids };
const live: FollowedQuestionFacts = { exists: true, visible: true, deleted: false };
const follow = (question = live) => ({ type: 'follow' as const, questionId: 'q1', userId: 'u1', question });
const unfollow = (question = live) => ({ type: 'unfollow' as const, questionId: 'q1', userId: 'u1', question });

describe('following a question', () => {
  it('follows a question one can see, once', () => {
    expect(given().when(follow())).toEqual([followed]);
    expect(given(followed).when(follow())).toEqual([]);
    expect(given(followed, unfollowed).when(follow())).toEqual([followed]);
  });

  it('refuses a question that is missing, deleted or hidden from the member, as not found', () => {
    for (const question of [
      { exists: false, visible: false, deleted: false },
      { exists: true, visible: true, deleted: true },
      { exists: true, visible: false, deleted: false },
    ]) {
      const error = refusal(() => given().when(follow(question)));
      expect(error.status).toBe(404);
      expect(error.messageKey).toBe('error.question.not_found');
    }
  });

  it('stops following, once, whatever became of the question', () => {
    expect(given(followed).when(unfollow())).toEqual([unfollowed]);
    expect(given(followed).when(unfollow({ exists: true, visible: false, deleted: true }))).toEqual([unfollowed]);
    expect(given(followed, unfollowed).when(unfollow())).toEqual([]);
    expect(given().when(unfollow())).toEqual([]);
  });

  it('refuses to unfollow a question that does not exist or is hidden, when not following it', () => {
    expect(refusal(() => given().when(unfollow({ exists: false, visible: false, deleted: false }))).status).toBe(404);
    expect(refusal(() => given().when(unfollow({ exists: true, visible: false, deleted: true }))).status).toBe(404);
  });

  it("keeps each member's follow of each question on a stream of its own", () => {
    expect(questionFollowStream('q1', 'u1')).toBe('question-follow-q1-u1');
    expect(questionFollowStream('q1', 'u2')).not.toBe(questionFollowStream('q1', 'u1'));
  });
});
