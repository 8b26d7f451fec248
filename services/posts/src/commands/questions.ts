import { type AdminQuestionStatus, CatchUp, PostStatus, REASONS, type SiteSettings } from '@agora/contracts';
import { type Actor, checkPermission, errors, isStaff, type ServiceContext, urlTitle } from '@agora/platform';
import { type QuestionCommand, questionDecider } from '../domain/question/decider';
import { tagCatalogProjection } from '../projections/tag-catalog/projection';
import { membersNamed } from '../queries/members';
import { answerById, liveAnswerFacts, questionById } from '../queries/post-rows';
import { type QuestionRow, questionRowOf } from '../queries/questions';
import { askCommand, questionContent } from './command-builders';
import { holdFor } from './hold-policy';
import { can, requireMinContent, requirePermission } from './permissions';
import type { PostStreams } from './post-streams';
import { checkTags, normalizeTags, type ResolvedTags, resolveTags, type TagItem } from './question-tags';

export interface QuestionInput {
  title: string;
  content: string;
  tags: TagItem[];
}

/** What the posts service does to questions: ask, edit, delete, the staff's actions, invitations, acceptance. */
export class QuestionCommands {
  constructor(
    private readonly context: ServiceContext,
    private readonly streams: PostStreams,
  ) {}

  private get db() {
    return this.context.database.db;
  }

  async ask(actor: Actor, input: QuestionInput): Promise<string> {
    return (await this.askWithRow(actor, input)).id;
  }

  /** Asks, and gives back the new question's row when the ask wrote it in one statement (else null). */
  async askWithRow(actor: Actor, input: QuestionInput): Promise<{ id: string; row: QuestionRow | null }> {
    const settings = await this.context.siteSettings();
    requirePermission(actor, 'question.add', settings);
    requireMinContent(settings, 'content', input.content);
    const resolved = await this.resolveTags(input.tags, actor, settings);
    checkTags(actor, resolved, settings);
    const asked = askCommand(this.context.ids, actor.id, input, resolved.tags);
    const command = { ...asked, hold: await holdFor(this.db, actor, settings, asked.content.html) };
    const { inline } = await this.streams.runForResult(command.questionId, questionDecider, command, actor.id, {
      newStream: true,
    });
    return { id: command.questionId, row: inline ? questionRowOf(inline) : null };
  }

  /** Applied at once for the author and the privileged; otherwise a revision waits for review. */
  async edit(
    actor: Actor,
    input: QuestionInput & { id: string; edit_summary: string },
  ): Promise<{ waitForReview: boolean; urlTitle: string }> {
    const question = await questionById(this.db, input.id);
    if (!question || question.status === PostStatus.deleted) throw errors.notFound('error.question.not_found');
    const settings = await this.context.siteSettings();
    const own = question.user_id === actor.id;
    const direct = own || can(actor, 'question.edit_without_review', settings);
    if (!direct) requirePermission(actor, 'question.edit', settings);
    requireMinContent(settings, 'content', input.content);
    const resolved = await this.resolveTags(input.tags, actor, settings);
    checkTags(actor, resolved, settings, question.tags);
    await this.streams.run(
      input.id,
      questionDecider,
      {
        type: 'edit',
        editorId: actor.id,
        revisionId: this.context.ids.next('revision'),
        editSummary: input.edit_summary,
        direct,
        content: questionContent(input, resolved.tags),
      },
      actor.id,
    );
    return { waitForReview: !direct, urlTitle: urlTitle(input.title) };
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const question = await questionById(this.db, id);
    if (!question) throw errors.notFound('error.question.not_found');
    const own = question.user_id === actor.id;
    if (!own && !isStaff(actor)) throw errors.forbidden();
    const facts = await liveAnswerFacts(this.db, id);
    await this.streams.run(
      id,
      questionDecider,
      {
        type: 'delete',
        actorId: actor.id,
        asOwner: own && !isStaff(actor),
        answers: { count: facts.n, hasAccepted: facts.accepted, singleAnswerVotes: facts.n === 1 ? facts.votes : 0 },
      },
      actor.id,
    );
  }

  /** Close, reopen, pin, hide, undelete: moderators only. */
  async staffAction(actor: Actor, id: string, command: QuestionCommand): Promise<void> {
    if (!isStaff(actor)) throw errors.forbidden(undefined, 'error.rank.role_only');
    if (!(await questionById(this.db, id))) throw errors.notFound('error.question.not_found');
    await this.streams.run(id, questionDecider, command, actor.id);
  }

  /**
   * The admin's status change (`{admin}/question/status`): the moderator actions that lead from the question's
   * status to the one asked for, each on the timeline as the admin's. A held question is decided in review.
   */
  async setStatus(actor: Actor, id: string, status: AdminQuestionStatus): Promise<void> {
    const question = await questionById(this.db, id);
    if (!question) throw errors.notFound('error.question.not_found');
    if (question.status === PostStatus.pending) {
      throw errors.business('error.post.pending', 'error.post.pending', 'toast');
    }
    const run = (command: QuestionCommand) => this.streams.run(id, questionDecider, command, actor.id);
    if (status === 'deleted') return this.delete(actor, id);
    if (question.status === PostStatus.deleted) await run({ type: 'undelete', actorId: actor.id });
    if (status === 'closed') {
      await run({ type: 'close', actorId: actor.id, closeType: REASONS.closed.type, closeMsg: '' });
    } else if (question.status === PostStatus.closed) {
      await run({ type: 'reopen', actorId: actor.id });
    }
  }

  /**
   * A question's tags as the tags service has them: when one would be new, tags' events committed before
   * the command (a tag just created, renamed or deleted) are waited for first (docs/adr/0044-catching-up.md).
   */
  private async resolveTags(items: TagItem[], actor: Actor, settings: SiteSettings): Promise<ResolvedTags> {
    const tags = normalizeTags(items);
    const resolved = await resolveTags(this.db, tags);
    if (resolved.tags.every((tag) => resolved.known.has(tag.slug_name))) return resolved;
    const caughtUp = await this.context.catchUp.projection(tagCatalogProjection.name);
    const again = await resolveTags(this.db, tags);
    const unknown = again.tags.find((tag) => !again.known.has(tag.slug_name));
    // Not caught up in time, the tag may exist already: to a member who may not create one, a retryable 503 rather
    // than "you need reputation to create it".
    if (unknown && !caughtUp && !checkPermission(actor, 'tag.add', settings.privileges).allowed)
      throw await this.context.catchUp.behind(tagCatalogProjection.name, unknown.slug_name);
    return again;
  }

  /** Invites users (by username) to answer: the question's author and those with the privilege. */
  async invite(actor: Actor, questionId: string, usernames: string[]): Promise<void> {
    const question = await questionById(this.db, questionId);
    if (!question || question.status === PostStatus.deleted) throw errors.notFound('error.question.not_found');
    if (question.user_id !== actor.id) {
      requirePermission(actor, 'answer.invite_someone_to_answer', await this.context.siteSettings());
    }
    const wanted = [...new Set(usernames.map((u) => u.trim().toLowerCase()).filter(Boolean))];
    const lookUp = async () =>
      new Map((await membersNamed(this.db, wanted)).map((r) => [r.username.toLowerCase(), r.user_id]));
    let found = await lookUp();
    if (wanted.some((u) => !found.has(u))) {
      // A member who signed up a moment ago may not have reached posts yet (docs/adr/0044-catching-up.md).
      await this.context.catchUp.projection(CatchUp.actorsProjection);
      found = await lookUp();
    }
    const missing = wanted.filter((u) => !found.has(u));
    if (missing.length) throw errors.fields({ field: 'invite_user', key: 'error.user.not_found' });
    const userIds = wanted.flatMap((u) => {
      const id = found.get(u);
      return id && id !== actor.id ? [id] : [];
    });
    await this.streams.run(questionId, questionDecider, { type: 'invite', actorId: actor.id, userIds }, actor.id);
  }

  /** Accepts an answer of the question, or (null) withdraws the acceptance: the asker's or a moderator's. */
  async accept(actor: Actor, questionId: string, answerId: string | null): Promise<void> {
    const question = await questionById(this.db, questionId);
    if (!question || question.status === PostStatus.deleted) throw errors.notFound('error.question.not_found');
    if (question.user_id !== actor.id && !isStaff(actor)) throw errors.forbidden();
    if (answerId) {
      const answer = await answerById(this.db, answerId);
      if (!answer || answer.question_id !== questionId || answer.status !== PostStatus.available)
        throw errors.notFound('error.answer.not_found');
    }
    await this.streams.run(questionId, questionDecider, { type: 'accept', actorId: actor.id, answerId }, actor.id);
  }
}
