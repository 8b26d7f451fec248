import { CatchUp, type NewEvent, type PermissionKey, Reason, type SiteSettings } from '@agora/contracts';
import {
  type Actor,
  ApiError,
  checkPermission,
  type Decider,
  errors,
  executeCommand,
  extractMentions,
  isStaff,
  linkMentions,
  ReadModelCache,
  renderMarkdown,
  type ServiceContext,
  siteSettingsOf,
  urlTitle,
} from '@agora/platform';
import { sql } from 'kysely';
import { answerDecider } from '../domain/answer/decider';
import { commentDecider } from '../domain/comment/decider';
import { questionDecider, Status } from '../domain/question/decider';
import { applyPostsEvent, postsWritesInStatement } from '../projections/posts/read-model';
import { tagCatalogProjection } from '../projections/tags/projection';
import { type QuestionRow as QuestionReadRow, questionRowOf } from '../queries/questions';
import { askCommand, postAnswerCommand, questionContent } from './drafts';
import { checkTags, normalizeTags, type ResolvedTags, resolveTags, type TagItem } from './tags';

interface QuestionRow {
  id: string;
  user_id: string;
  status: number;
  tags: { slug_name: string; display_name: string }[];
  answer_count: number;
  accepted_answer_id: string | null;
  show: number;
}
interface AnswerRow {
  id: string;
  question_id: string;
  user_id: string;
  status: number;
  vote_count: number;
  accepted: boolean;
}

/** Everything the posts service does to questions, answers and comments. */
export class Posts {
  private readonly reads: ReadModelCache<unknown>;

  constructor(readonly context: ServiceContext) {
    const limits = context.config.cacheLimits;
    this.reads = new ReadModelCache(context.changes, limits.read_entries, limits.read_mb * 2 ** 20);
  }

  /** A read whose result depends on the read models alone (not on who asks), kept until they change. */
  cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.reads.get(key, load) as Promise<T>;
  }

  get db() {
    return this.context.database.db;
  }

  settings(): Promise<SiteSettings> {
    return siteSettingsOf(this.context);
  }

  async run<S, C, E extends NewEvent>(
    streamId: string,
    decider: Decider<S, C, E>,
    command: C,
    actorId: string,
    options: { newStream?: boolean } = {},
  ) {
    return (await this.runForResult(streamId, decider, command, actorId, options)).events;
  }

  /** `run`, with what the posts read models wrote in the append's own statement when a new post took that path. */
  private async runForResult<S, C, E extends NewEvent>(
    streamId: string,
    decider: Decider<S, C, E>,
    command: C,
    actorId: string,
    options: { newStream?: boolean },
  ) {
    const result = await executeCommand({
      newStream: options.newStream,
      projectInStatement: postsWritesInStatement,
      db: this.db,
      store: this.context.store,
      streamId,
      decider,
      command,
      metadata: { actorId },
      project: async (tx, stored) => {
        for (const event of stored) await applyPostsEvent(tx, event);
      },
    });
    this.context.changes.changed();
    return result;
  }

  async question(id: string): Promise<QuestionRow | undefined> {
    const { rows } = await sql<QuestionRow>`select * from questions where id = ${id}`.execute(this.db);
    return rows[0];
  }

  async answer(id: string): Promise<AnswerRow | undefined> {
    const { rows } = await sql<AnswerRow>`select * from answers where id = ${id}`.execute(this.db);
    return rows[0];
  }

  async require(actor: Actor, permission: PermissionKey, settings?: SiteSettings): Promise<void> {
    const level = (settings ?? (await this.settings())).privileges.level;
    const { allowed, needed } = checkPermission(actor, permission, level);
    // Behaviour §2a: a missing privilege is a 403, with the reputation it takes when reputation can earn it.
    if (!allowed) {
      throw needed >= 0
        ? new ApiError(403, Reason.forbidden, null, 'error.rank.not_enough', { rank: needed })
        : errors.forbidden(undefined, 'error.rank.role_only');
    }
  }

  private minContent(settings: SiteSettings, field: string, text: string) {
    const minimum = settings.questions.min_content;
    if (text.trim().length < minimum)
      throw errors.fields({ field, key: 'validation.min_length', params: { limit: minimum } });
  }

  async ask(actor: Actor, input: { title: string; content: string; tags: TagItem[] }): Promise<string> {
    return (await this.askWithRow(actor, input)).id;
  }

  /** Asks, and gives back the new question's row when the ask wrote it in one statement (else null). */
  async askWithRow(
    actor: Actor,
    input: { title: string; content: string; tags: TagItem[] },
  ): Promise<{ id: string; row: QuestionReadRow | null }> {
    const settings = await this.settings();
    await this.require(actor, 'question.add', settings);
    this.minContent(settings, 'content', input.content);
    const resolved = await this.resolveTags(input.tags);
    checkTags(actor, resolved, settings);
    const tags = resolved.tags;
    const command = askCommand(this.context.ids, actor.id, input, tags);
    const { inline } = await this.runForResult(command.questionId, questionDecider, command, actor.id, {
      newStream: true,
    });
    return { id: command.questionId, row: inline ? questionRowOf(inline) : null };
  }

  /** Applied at once for the author and the privileged; otherwise a revision waits for review. */
  async editQuestion(
    actor: Actor,
    input: { id: string; title: string; content: string; tags: TagItem[]; edit_summary: string },
  ): Promise<{ waitForReview: boolean; urlTitle: string }> {
    const question = await this.question(input.id);
    if (!question || question.status === Status.deleted) throw errors.notFound('error.question.not_found');
    const settings = await this.settings();
    const own = question.user_id === actor.id;
    const direct = own || checkPermission(actor, 'question.edit_without_review', settings.privileges.level).allowed;
    if (!direct) await this.require(actor, 'question.edit', settings);
    this.minContent(settings, 'content', input.content);
    const resolved = await this.resolveTags(input.tags);
    checkTags(actor, resolved, settings, question.tags);
    const tags = resolved.tags;
    await this.run(
      input.id,
      questionDecider,
      {
        type: 'edit',
        editorId: actor.id,
        revisionId: this.context.ids.next('revision'),
        editSummary: input.edit_summary,
        direct,
        content: questionContent(input, tags),
      },
      actor.id,
    );
    return { waitForReview: !direct, urlTitle: urlTitle(input.title) };
  }

  async deleteQuestion(actor: Actor, id: string): Promise<void> {
    const question = await this.question(id);
    if (!question) throw errors.notFound('error.question.not_found');
    const own = question.user_id === actor.id;
    if (!own && !isStaff(actor)) throw errors.forbidden();
    const { rows } = await sql<{ n: number; votes: number; accepted: boolean }>`
      select count(*)::int as n, coalesce(max(vote_count), 0)::int as votes, coalesce(bool_or(accepted), false) as accepted
      from answers where question_id = ${id} and status = 1`.execute(this.db);
    const facts = rows[0]!;
    await this.run(
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

  async staffOnQuestion(
    actor: Actor,
    id: string,
    command: Parameters<typeof questionDecider.decide>[0],
  ): Promise<void> {
    if (!isStaff(actor)) throw errors.forbidden(undefined, 'error.rank.role_only');
    if (!(await this.question(id))) throw errors.notFound('error.question.not_found');
    await this.run(id, questionDecider, command, actor.id);
  }

  /**
   * A question's tags as the tags service has them: when one would be new, tags' events committed before
   * the command (a tag just created, renamed or deleted) are waited for first (DESIGN §9, "Catching up").
   */
  private async resolveTags(items: TagItem[]): Promise<ResolvedTags> {
    const tags = normalizeTags(items);
    const resolved = await resolveTags(this.db, tags);
    if (resolved.tags.every((tag) => resolved.known.has(tag.slug_name))) return resolved;
    await this.context.catchUp.projection(tagCatalogProjection.name);
    return resolveTags(this.db, tags);
  }

  /** Invites users (by username) to answer: the question's author and those with the privilege (behaviour §2c). */
  async invite(actor: Actor, questionId: string, usernames: string[]): Promise<void> {
    const question = await this.question(questionId);
    if (!question || question.status === Status.deleted) throw errors.notFound('error.question.not_found');
    if (question.user_id !== actor.id) await this.require(actor, 'answer.invite_someone_to_answer');
    const wanted = [...new Set(usernames.map((u) => u.trim().toLowerCase()).filter(Boolean))];
    const lookUp = async () => {
      const { rows } = wanted.length
        ? await sql<{ user_id: string; username: string }>`
            select user_id, username from actors where lower(username) = any(${wanted}) and status <> 'deleted'`.execute(
            this.db,
          )
        : { rows: [] };
      return new Map(rows.map((r) => [r.username.toLowerCase(), r.user_id]));
    };
    let found = await lookUp();
    if (wanted.some((u) => !found.has(u))) {
      // A member who signed up a moment ago may not have reached posts yet (DESIGN §9, "Catching up").
      await this.context.catchUp.projection(CatchUp.actorsProjection);
      found = await lookUp();
    }
    const missing = wanted.filter((u) => !found.has(u));
    if (missing.length) throw errors.fields({ field: 'invite_user', key: 'error.user.not_found' });
    const userIds = wanted.map((u) => found.get(u)!).filter((id) => id !== actor.id);
    await this.run(questionId, questionDecider, { type: 'invite', actorId: actor.id, userIds }, actor.id);
  }

  async accept(actor: Actor, questionId: string, answerId: string | null): Promise<void> {
    const question = await this.question(questionId);
    if (!question || question.status === Status.deleted) throw errors.notFound('error.question.not_found');
    if (question.user_id !== actor.id && !isStaff(actor)) throw errors.forbidden();
    if (answerId) {
      const answer = await this.answer(answerId);
      if (!answer || answer.question_id !== questionId || answer.status !== 1)
        throw errors.notFound('error.answer.not_found');
    }
    await this.run(questionId, questionDecider, { type: 'accept', actorId: actor.id, answerId }, actor.id);
  }

  async postAnswer(actor: Actor, input: { question_id: string; content: string }): Promise<string> {
    const settings = await this.settings();
    await this.require(actor, 'answer.add', settings);
    const question = await this.question(input.question_id);
    if (!question || question.status === Status.deleted) throw errors.notFound('error.question.not_found');
    if (question.status === Status.closed)
      throw errors.business('error.question.closed', 'error.question.closed', 'toast');
    if (settings.questions.restrict_answer) {
      const { rows } =
        await sql`select 1 from answers where question_id = ${question.id} and user_id = ${actor.id} and status = 1`.execute(
          this.db,
        );
      if (rows.length) throw errors.forbidden(undefined, 'error.answer.restrict_answer');
    }
    const command = postAnswerCommand(this.context.ids, actor.id, question.id, input.content);
    await this.run(command.answerId, answerDecider, command, actor.id, { newStream: true });
    return command.answerId;
  }

  async editAnswer(
    actor: Actor,
    input: { id: string; content: string; edit_summary: string },
  ): Promise<{ waitForReview: boolean }> {
    const answer = await this.answer(input.id);
    if (answer?.status !== 1) throw errors.notFound('error.answer.not_found');
    const settings = await this.settings();
    const direct =
      answer.user_id === actor.id ||
      checkPermission(actor, 'answer.edit_without_review', settings.privileges.level).allowed;
    if (!direct) await this.require(actor, 'answer.edit', settings);
    await this.run(
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

  /**
   * A reviewer's decision on a suggested edit of a question or an answer (moderation's event): an
   * approved one is applied as the editor's edit, a rejected one dropped. The reviewer's right to
   * decide was checked by moderation; a decision on anything no longer waiting changes nothing.
   */
  async reviewRevision(decision: {
    objectType: 'question' | 'answer';
    objectId: string;
    revisionId: string;
    approved: boolean;
    reviewerId: string;
  }): Promise<void> {
    const command = {
      type: 'review' as const,
      revisionId: decision.revisionId,
      approved: decision.approved,
      reviewerId: decision.reviewerId,
    };
    if (decision.objectType === 'question') {
      await this.run(decision.objectId, questionDecider, command, decision.reviewerId);
    } else {
      await this.run(decision.objectId, answerDecider, command, decision.reviewerId);
    }
  }

  async deleteAnswer(actor: Actor, id: string): Promise<void> {
    const answer = await this.answer(id);
    if (!answer) throw errors.notFound('error.answer.not_found');
    const own = answer.user_id === actor.id;
    if (!own && !isStaff(actor)) throw errors.forbidden();
    // Behaviour §9d: an owner may not delete an answer once its question is gone.
    const question = await this.question(answer.question_id);
    if (own && !isStaff(actor) && (!question || question.status === Status.deleted)) {
      throw errors.business('error.answer.cannot_delete', 'error.answer.cannot_delete', 'toast');
    }
    await this.run(
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

  async recoverAnswer(actor: Actor, id: string): Promise<void> {
    if (!isStaff(actor)) throw errors.forbidden(undefined, 'error.rank.role_only');
    if (!(await this.answer(id))) throw errors.notFound('error.answer.not_found');
    await this.run(id, answerDecider, { type: 'undelete', actorId: actor.id }, actor.id);
  }

  /** Mentions become links to the users they name; only existing, undeleted users count. */
  private async mentions(text: string): Promise<{ parsed: string; userIds: string[] }> {
    const names = extractMentions(text);
    const { rows } = names.length
      ? await sql<{ user_id: string; username: string }>`
          select user_id, username from actors where lower(username) = any(${names}) and status <> 'deleted'`.execute(
          this.db,
        )
      : { rows: [] };
    const known = new Map(rows.map((r) => [r.username.toLowerCase(), r]));
    const linked = linkMentions(text, (name: string) => {
      const user = known.get(name.toLowerCase());
      return user ? { username: user.username, displayName: user.username } : undefined;
    });
    return { parsed: renderMarkdown(linked), userIds: rows.map((r) => r.user_id) };
  }

  async addComment(
    actor: Actor,
    input: { object_id: string; original_text: string; reply_comment_id?: string },
  ): Promise<string> {
    await this.require(actor, 'comment.add');
    const target = await this.commentTarget(input.object_id);
    let replyUserId: string | null = null;
    if (input.reply_comment_id) {
      const { rows } = await sql<{ user_id: string; object_id: string }>`
        select user_id, object_id from comments where id = ${input.reply_comment_id} and status = 1`.execute(this.db);
      if (!rows[0] || rows[0].object_id !== input.object_id) throw errors.notFound('error.comment.not_found');
      replyUserId = rows[0].user_id;
    }
    const { parsed, userIds } = await this.mentions(input.original_text);
    const commentId = this.context.ids.next('comment');
    await this.run(
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

  async editComment(actor: Actor, input: { comment_id: string; original_text: string }): Promise<void> {
    const { parsed, userIds } = await this.mentions(input.original_text);
    await this.run(
      input.comment_id,
      commentDecider,
      {
        type: 'edit',
        actorId: actor.id,
        actorIsAdmin: actor.roleId === 2,
        now: new Date().toISOString(),
        originalText: input.original_text,
        parsedText: parsed,
        mentions: userIds,
      },
      actor.id,
    );
  }

  async deleteComment(actor: Actor, commentId: string): Promise<void> {
    await this.run(
      commentId,
      commentDecider,
      { type: 'delete', actorId: actor.id, actorIsStaff: isStaff(actor) },
      actor.id,
    );
  }

  /** A comment goes on a question or an answer that is not deleted. */
  private async commentTarget(objectId: string): Promise<{ questionId: string }> {
    const question = await this.question(objectId);
    if (question && question.status !== Status.deleted) return { questionId: question.id };
    const answer = await this.answer(objectId);
    if (answer && answer.status === 1) return { questionId: answer.question_id };
    throw errors.notFound('error.object.not_found');
  }
}
