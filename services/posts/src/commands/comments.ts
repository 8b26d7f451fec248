import { PostStatus, Role } from '@agora/contracts';
import { type Actor, errors, isStaff, type ServiceContext } from '@agora/platform';
import { commentDecider } from '../domain/comment/decider';
import { answerById, liveComment, questionById } from '../queries/post-rows';
import { renderMentions } from './mentions';
import { requirePermission } from './permissions';
import type { PostStreams } from './post-streams';

/** What the posts service does to comments: add (or reply), edit, delete. */
export class CommentCommands {
  constructor(
    private readonly context: ServiceContext,
    private readonly streams: PostStreams,
  ) {}

  private get db() {
    return this.context.database.db;
  }

  async add(
    actor: Actor,
    input: { object_id: string; original_text: string; reply_comment_id?: string },
  ): Promise<string> {
    requirePermission(actor, 'comment.add', await this.context.siteSettings());
    const target = await this.target(input.object_id);
    let replyUserId: string | null = null;
    if (input.reply_comment_id) {
      const replied = await liveComment(this.db, input.reply_comment_id);
      if (!replied || replied.object_id !== input.object_id) throw errors.notFound('error.comment.not_found');
      replyUserId = replied.user_id;
    }
    const { parsed, userIds } = await renderMentions(this.db, input.original_text);
    const commentId = this.context.ids.next('comment');
    await this.streams.run(
      commentId,
      commentDecider,
      {
        type: 'add',
        comment: {
          comment_id: commentId,
          object_id: input.object_id,
          question_id: target.questionId,
          user_id: actor.id,
          reply_comment_id: input.reply_comment_id ?? null,
          reply_user_id: replyUserId,
          original_text: input.original_text,
          parsed_text: parsed,
          mentions: userIds,
        },
      },
      actor.id,
      { newStream: true },
    );
    return commentId;
  }

  async edit(actor: Actor, input: { comment_id: string; original_text: string }): Promise<void> {
    const { parsed, userIds } = await renderMentions(this.db, input.original_text);
    await this.streams.run(
      input.comment_id,
      commentDecider,
      {
        type: 'edit',
        actorId: actor.id,
        actorIsAdmin: actor.roleId === Role.admin,
        now: new Date().toISOString(),
        originalText: input.original_text,
        parsedText: parsed,
        mentions: userIds,
      },
      actor.id,
    );
  }

  async delete(actor: Actor, commentId: string): Promise<void> {
    await this.streams.run(
      commentId,
      commentDecider,
      { type: 'delete', actorId: actor.id, actorIsStaff: isStaff(actor) },
      actor.id,
    );
  }

  /** A comment goes on a question or an answer that is not deleted, nor held for review (docs/adr/0069-held-posts.md). */
  private async target(objectId: string): Promise<{ questionId: string }> {
    const question = await questionById(this.db, objectId);
    if (question?.status === PostStatus.pending) {
      throw errors.business('error.post.pending', 'error.post.pending', 'toast');
    }
    if (question && question.status !== PostStatus.deleted) return { questionId: question.id };
    const answer = await answerById(this.db, objectId);
    if (answer && answer.status === PostStatus.available) return { questionId: answer.question_id };
    throw errors.notFound('error.object.not_found');
  }
}
