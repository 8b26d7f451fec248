import type { EventOf, QuestionFollowed, QuestionUnfollowed } from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';

export type QuestionFollowEvent = EventOf<typeof QuestionFollowed> | EventOf<typeof QuestionUnfollowed>;

/** One member's follow of one question: a stream of its own, so following never waits on the question's edits. */
export interface QuestionFollowState {
  following: boolean;
}

/** What the command handler read of the question before deciding. */
export interface FollowedQuestionFacts {
  exists: boolean;
  /** The member may see it: deleted and hidden questions are for their author and staff only. */
  visible: boolean;
  deleted: boolean;
}

export type QuestionFollowCommand =
  | { type: 'follow'; questionId: string; userId: string; question: FollowedQuestionFacts }
  | { type: 'unfollow'; questionId: string; userId: string; question: FollowedQuestionFacts };

export const questionFollowStream = (questionId: string, userId: string) => `question-follow-${questionId}-${userId}`;

export const questionFollowDecider: Decider<QuestionFollowState, QuestionFollowCommand, QuestionFollowEvent> = {
  initialState: () => ({ following: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'posts.question_followed':
        return { following: true };
      case 'posts.question_unfollowed':
        return { following: false };
      default:
        return state;
    }
  },

  decide(command, state) {
    const { question } = command;
    const data = { question_id: command.questionId, user_id: command.userId };
    if (command.type === 'follow') {
      // Only a question the member can see and that is not deleted gains a follower; twice is once.
      if (!question.exists || !question.visible || question.deleted) throw errors.notFound('error.question.not_found');
      return state.following ? [] : [{ type: 'posts.question_followed', data }];
    }
    // A follower can always stop, whatever became of the question since; stopping twice is once.
    if (state.following) return [{ type: 'posts.question_unfollowed', data }];
    if (!question.exists || !question.visible) throw errors.notFound('error.question.not_found');
    return [];
  },
};
