import { answerDecider } from '../domain/answer/decider';
import { questionDecider } from '../domain/question/decider';
import type { PostStreams } from './post-streams';

/** A reviewer's decision on a suggested edit, as moderation's event carries it. */
export interface RevisionDecision {
  objectType: 'question' | 'answer';
  objectId: string;
  revisionId: string;
  approved: boolean;
  reviewerId: string;
}

/** A moderator's decision on a held post (pre-moderation), as moderation's event carries it. */
export interface HeldPostDecision {
  objectType: 'question' | 'answer';
  objectId: string;
  approved: boolean;
  reviewerId: string;
}

/**
 * Suggested edits of questions and answers, and held posts, decided by a reviewer in moderation (DESIGN §2,
 * sagas; docs/adr/0069-held-posts.md).
 */
export class RevisionCommands {
  constructor(private readonly streams: PostStreams) {}

  /**
   * An approved edit is applied as the editor's edit, a rejected one dropped. The reviewer's right to
   * decide was checked by moderation; a decision on anything no longer waiting changes nothing.
   */
  async review(decision: RevisionDecision): Promise<void> {
    const command = {
      type: 'review' as const,
      revisionId: decision.revisionId,
      approved: decision.approved,
      reviewerId: decision.reviewerId,
    };
    if (decision.objectType === 'question') {
      await this.streams.run(decision.objectId, questionDecider, command, decision.reviewerId);
    } else {
      await this.streams.run(decision.objectId, answerDecider, command, decision.reviewerId);
    }
  }

  /** An approved held post is published (as its author's), a rejected one dropped; a second decision changes nothing. */
  async decideHeld(decision: HeldPostDecision): Promise<void> {
    const command = { type: 'publish' as const, approved: decision.approved, reviewerId: decision.reviewerId };
    if (decision.objectType === 'question') {
      await this.streams.run(decision.objectId, questionDecider, command, decision.reviewerId);
    } else {
      await this.streams.run(decision.objectId, answerDecider, command, decision.reviewerId);
    }
  }
}
