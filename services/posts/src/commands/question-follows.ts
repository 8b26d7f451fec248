import { PostStatus } from '@agora/contracts';
import type { Actor, ServiceContext } from '@agora/platform';
import { questionFollowDecider, questionFollowStream } from '../domain/question-follow/decider';
import { questionById } from '../queries/post-rows';
import { visibleTo } from '../queries/questions';
import type { PostStreams } from './post-streams';

/** Following a question (`follow` with a question id): its followers hear of its answers. */
export class QuestionFollowCommands {
  constructor(
    private readonly context: ServiceContext,
    private readonly streams: PostStreams,
  ) {}

  private get db() {
    return this.context.database.db;
  }

  /** Follows (or with `cancel` stops following) and answers the question's follower count after it. */
  async follow(actor: Actor, questionId: string, cancel: boolean): Promise<{ follows: number; is_followed: boolean }> {
    const before = await questionById(this.db, questionId);
    const question = {
      exists: before !== undefined,
      visible: before !== undefined && visibleTo(actor, before),
      deleted: before?.status === PostStatus.deleted,
    };
    const command = {
      type: cancel ? ('unfollow' as const) : ('follow' as const),
      questionId,
      userId: actor.id,
      question,
    };
    await this.streams.run(questionFollowStream(questionId, actor.id), questionFollowDecider, command, actor.id);
    const after = await questionById(this.db, questionId);
    return { follows: after?.follow_count ?? 0, is_followed: !cancel };
  }
}
