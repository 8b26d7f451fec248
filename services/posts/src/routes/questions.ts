import {
  AnswerWithQuestionSchema,
  EnvelopeSchema,
  Limits,
  Live,
  PageQuery,
  QuestionInfoSchema,
  QuestionPageItemSchema,
  type SiteSettings,
  UpdateQuestionRespSchema,
  WrittenText,
} from '@agora/contracts';
import { CaptchaFields, type HttpApp, ok, ownAuthorCards } from '@agora/platform';
import { Type } from 'typebox';
import type { AnswerCommands } from '../commands/answers';
import type { QuestionCommands } from '../commands/questions';
import { answerInfo } from '../queries/answers';
import { memberFacts, questionMembers } from '../queries/member-facts';
import { QUESTION_ORDERS, questionInfo, questionInfoFor, questionPage, questionView } from '../queries/questions';
import type { PostsReads } from '../queries/reads';
import { sharerIdOf } from '../queries/sharer';
import { sendSharedReply } from '../responses/shared-replies';
import type { ViewCounter } from '../views/view-counter';
import { Id, Null, USER } from './schemas';

export const TagItemSchema = Type.Object({
  slug_name: WrittenText(1, Limits.tags.slugMaxLength),
  display_name: Type.Optional(Type.String({ maxLength: Limits.tags.nameMaxLength })),
  original_text: Type.Optional(Type.String({ maxLength: Limits.tags.descriptionMaxLength })),
});
/** Counted without surrounding spaces, as the title is kept: a title of spaces is no title. */
const Title = WrittenText(Limits.question.titleMinLength, Limits.question.titleMaxLength);
const Body = Type.String({ maxLength: Limits.post.bodyMaxLength });
/**
 * A question's tags as sent: past `Limits.tags.maxPerQuestion` the command answers with its own message
 * (the field and the limit); a list far past it is refused by the schema as too large to read.
 */
const TagList = Type.Array(TagItemSchema, { maxItems: 4 * Limits.tags.maxPerQuestion });
const Username = Type.String({ minLength: 1, maxLength: Limits.user.usernameMaxLength });
/** Members named with a post (invited, mentioned), bounded as a comment's mentions are. */
const Usernames = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 });

/** Questions: ask (alone or with an answer), edit, delete, read one, the question list. */
export async function questionRoutes(
  app: HttpApp,
  {
    questions,
    answers,
    reads,
    views,
  }: { questions: QuestionCommands; answers: AnswerCommands; reads: PostsReads; views: ViewCounter },
) {
  const settings = () => reads.settings();

  app.post(
    '/answer/api/v1/question',
    {
      config: { ...USER, captcha: 'question' },
      schema: {
        body: Type.Object({
          title: Title,
          content: Body,
          tags: TagList,
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(QuestionInfoSchema) },
      },
    },
    async (request) => {
      const asker = request.actor;
      const { id, row } = await questions.askWithRow(asker, request.body);
      const s = await settings();
      // The reply is the row the ask wrote and the asker's own card, when both are at hand: no read back.
      const authors = row && ownAuthorCards(asker, s);
      return ok(
        request,
        row && authors
          ? questionInfoFor({ q: row, authors }, request.actor, s)
          : await questionInfo(reads.db, id, request.actor, s),
      );
    },
  );

  app.put(
    '/answer/api/v1/question',
    {
      config: { ...USER, captcha: 'edit' },
      schema: {
        body: Type.Object({
          id: Id,
          title: Title,
          content: Body,
          tags: TagList,
          edit_summary: Type.Optional(Type.String({ maxLength: Limits.post.editSummaryMaxLength })),
          invite_user: Type.Optional(Usernames),
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(UpdateQuestionRespSchema) },
      },
    },
    async (request) => {
      const result = await questions.edit(request.actor, {
        ...request.body,
        edit_summary: request.body.edit_summary ?? '',
      });
      return ok(request, { url_title: result.urlTitle, wait_for_review: result.waitForReview });
    },
  );

  app.delete(
    '/answer/api/v1/question',
    {
      config: { ...USER, captcha: 'delete' },
      schema: { body: Type.Object({ id: Id, ...CaptchaFields }), response: { 200: EnvelopeSchema(Null) } },
    },
    async (request) => {
      await questions.delete(request.actor, request.body.id);
      return ok(request, null);
    },
  );

  app.get(
    '/answer/api/v1/question/info',
    {
      config: { auth: 'optional' },
      schema: {
        // `share`: the username of the member whose share link was followed (it may earn them the "First Share" badge).
        querystring: Type.Object({ id: Id, share: Type.Optional(Username) }),
        response: { 200: EnvelopeSchema(QuestionInfoSchema) },
      },
    },
    async (request, reply) => {
      const id = request.query.id;
      // A share visit costs one indexed look-up, only when the link named a sharer; it never fails the read.
      const recordShareVisit = async (viewer: string) => {
        const share = request.query.share;
        if (!share) return;
        try {
          const sharer = await sharerIdOf(reads.db, share);
          if (sharer) views.recordShare(id, sharer, viewer);
        } catch (error) {
          request.log.warn({ err: error }, 'share visit not recorded');
        }
      };
      const view = (s: SiteSettings) => reads.cached(`question:${id}`, () => questionView(reads.db, id, s));
      // The gateway asking whether a live stream may follow the question is no visit (docs/adr/0099-live-pages.md).
      const visit = request.headers[Live.checkHeader] === undefined;
      if (!request.actor) {
        await sendSharedReply(
          reads,
          request,
          reply,
          `question:${id}`,
          async (s) => questionInfoFor(await view(s), null, s),
          { counted: true },
        );
        if (visit) views.record(id, request.ip);
        if (visit) await recordShareVisit(request.ip);
        return reply;
      }
      // A member's own facts (did I answer, do I follow) come from who answered and follows it, kept beside the
      // cached view (which stays everyone's) until the read models change.
      const s = await settings();
      const [shared, members] = await Promise.all([
        view(s),
        reads.cached(`question-members:${id}`, () => questionMembers(reads.db, id)),
      ]);
      const info = questionInfoFor(shared, request.actor, s, await memberFacts(reads.db, id, request.actor, members));
      if (visit) views.record(info.id, request.actor.id);
      if (visit) await recordShareVisit(request.actor.id);
      return ok(request, info);
    },
  );

  app.get(
    '/answer/api/v1/question/page',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({
          order: Type.Union(
            QUESTION_ORDERS.map((o) => Type.Literal(o)),
            { default: 'active' },
          ),
          ...PageQuery({ default: Limits.pageSize.questionList }),
          tag: Type.Optional(Type.String({ maxLength: 100 })),
          username: Type.Optional(Type.String({ maxLength: 100 })),
          in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 36_500 })),
        }),
        response: {
          200: EnvelopeSchema(Type.Object({ count: Type.Integer(), list: Type.Array(QuestionPageItemSchema) })),
        },
      },
    },
    async (request, reply) => {
      // The same page for every viewer.
      const key = JSON.stringify(['list', request.query]);
      return sendSharedReply(reads, request, reply, key, (s) =>
        questionPage(reads.db, request.query, s, reads.listCounts),
      );
    },
  );

  // Asking with one's own answer at once .
  app.post(
    '/answer/api/v1/question/answer',
    {
      config: { ...USER, captcha: 'question' },
      schema: {
        body: Type.Object({
          title: Title,
          content: Body,
          tags: TagList,
          answer_content: WrittenText(Limits.answer.minLength, Limits.post.bodyMaxLength),
          mention_username_list: Type.Optional(Usernames),
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(AnswerWithQuestionSchema) },
      },
    },
    async (request) => {
      const { answer_content, ...question } = request.body;
      const asker = request.actor;
      const questionId = await questions.ask(asker, question);
      const answerId = await answers.post(asker, { question_id: questionId, content: answer_content });
      const s = await settings();
      return ok(request, {
        info: await answerInfo(reads.db, answerId, request.actor, s),
        question: await questionInfo(reads.db, questionId, request.actor, s),
      });
    },
  );
}
