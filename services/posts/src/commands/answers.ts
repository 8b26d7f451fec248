import { PostStatus } from '@agora/contracts';
import { type Actor, errors, isStaff, renderMarkdown, type ServiceContext } from '@agora/platform';
import { answerDecider } from '../domain/answer/decider';
import { answerById, hasLiveAnswerBy, questionById } from '../queries/post-rows';
import { postAnswerCommand } from './command-builders';
import { holdFor } from './hold-policy';
import { can, requirePermission } from './permissions';
import type { PostStreams } from './post-streams';

/** What the posts service does to answers: post, edit, delete, recover. */
export class AnswerCommands {
  constructor(
    private readonly context: ServiceContext,
    private readonly streams: PostStreams,
  ) {}

  private get db() {
    return this.context.database.db;
  }

  async post(actor: Actor, input: { question_id: string; content: string }): Promise<string> {
    const settings = await this.context.siteSettings();
    requirePermission(actor, 'answer.add', settings);
    const question = await questionById(this.db, input.question_id);
    if (!question || question.status === PostStatus.deleted) throw errors.notFound('error.question.not_found');
    if (question.status === PostStatus.closed)
      throw errors.business('error.question.closed', 'error.question.closed', 'toast');
    // A question waiting for review takes no answers until it is published.
    if (question.status === PostStatus.pending) {
      if (!isStaff(actor) && question.user_id !== actor.id) throw errors.notFound('error.question.not_found');
      throw errors.business('error.post.pending', 'error.post.pending', 'toast');
    }
    if (settings.questions.restrict_answer && (await hasLiveAnswerBy(this.db, question.id, actor.id))) {
      throw errors.forbidden(undefined, 'error.answer.restrict_answer');
    }
    const posted = postAnswerCommand(this.context.ids, actor.id, question.id, input.content);
    const command = { ...posted, hold: await holdFor(this.db, actor, settings, posted.html) };
    await this.streams.run(command.answerId, answerDecider, command, actor.id, { newStream: true });
    return command.answerId;
  }

  /** Applied at once for the author and the privileged; otherwise a revision waits for review. */
  async edit(
    actor: Actor,
    input: { id: string; content: string; edit_summary: string },
  ): Promise<{ waitForReview: boolean }> {
    const answer = await answerById(this.db, input.id);
    if (answer?.status !== PostStatus.available) throw errors.notFound('error.answer.not_found');
    const settings = await this.context.siteSettings();
    const direct = answer.user_id === actor.id || can(actor, 'answer.edit_without_review', settings);
    if (!direct) requirePermission(actor, 'answer.edit', settings);
    await this.streams.run(
      input.id,
      answerDecider,
      {
        type: 'edit',
        editorId: actor.id,
        revisionId: this.context.ids.next('revision'),
        content: input.content,
        html: renderMarkdown(input.content),
        editSummary: input.edit_summary,
        direct,
      },
      actor.id,
    );
    return { waitForReview: !direct };
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const answer = await answerById(this.db, id);
    if (!answer) throw errors.notFound('error.answer.not_found');
    const own = answer.user_id === actor.id;
    if (!own && !isStaff(actor)) throw errors.forbidden();
    // An owner may not delete an answer once its question is gone.
    const question = await questionById(this.db, answer.question_id);
    if (own && !isStaff(actor) && (!question || question.status === PostStatus.deleted)) {
      throw errors.business('error.answer.cannot_delete', 'error.answer.cannot_delete', 'toast');
    }
    await this.streams.run(
      id,
      answerDecider,
      {
        type: 'delete',
        actorId: actor.id,
        asOwner: own && !isStaff(actor),
        votes: answer.vote_count,
        accepted: answer.accepted,
      },
      actor.id,
    );
  }

  /** The admin's status change (`{admin}/answer/status`); a held answer is decided in review. */
  async setStatus(actor: Actor, id: string, status: 'available' | 'deleted'): Promise<void> {
    const answer = await answerById(this.db, id);
    if (!answer) throw errors.notFound('error.answer.not_found');
    if (answer.status === PostStatus.pending)
      throw errors.business('error.post.pending', 'error.post.pending', 'toast');
    if (status === 'deleted') await this.delete(actor, id);
    else await this.recover(actor, id);
  }

  async recover(actor: Actor, id: string): Promise<void> {
    if (!isStaff(actor)) throw errors.forbidden(undefined, 'error.rank.role_only');
    if (!(await answerById(this.db, id))) throw errors.notFound('error.answer.not_found');
    await this.streams.run(id, answerDecider, { type: 'undelete', actorId: actor.id }, actor.id);
  }
}
