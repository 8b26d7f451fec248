import {
  CommentItemSchema,
  EnvelopeSchema,
  Limits,
  PageQuery,
  QuestionCommentsSchema,
  UpdateCommentRespSchema,
  WrittenText,
} from '@agora/contracts';
import { CaptchaFields, type HttpApp, ok, renderMarkdown } from '@agora/platform';
import { Type } from 'typebox';
import type { CommentCommands } from '../commands/comments';
import { commentInfo, commentPage, questionCommentPages } from '../queries/comments';
import type { PostsReads } from '../queries/reads';
import { sendSharedReply } from '../responses/shared-replies';
import { Id, Null, USER } from './schemas';

/** Counted without surrounding whitespace: a comment of spaces is no comment. */
const Text = WrittenText(Limits.comment.minLength, Limits.comment.maxLength);

/** Comments: add, edit, delete, read, a post's comment page; and the editor's preview. */
export async function commentRoutes(
  app: HttpApp,
  { comments, reads }: { comments: CommentCommands; reads: PostsReads },
) {
  const settings = () => reads.settings();

  app.post(
    '/answer/api/v1/comment',
    {
      config: { ...USER, captcha: 'comment' },
      schema: {
        body: Type.Object({
          object_id: Id,
          original_text: Text,
          reply_comment_id: Type.Optional(Type.String({ maxLength: 64 })),
          mention_username_list: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(CommentItemSchema) },
      },
    },
    async (request) => {
      const reply = request.body.reply_comment_id;
      const id = await comments.add(request.actor, {
        object_id: request.body.object_id,
        original_text: request.body.original_text,
        ...(reply && reply !== '0' ? { reply_comment_id: reply } : {}),
      });
      return ok(request, await commentInfo(reads.db, id, request.actor, await settings()));
    },
  );

  app.put(
    '/answer/api/v1/comment',
    {
      config: { ...USER, captcha: 'edit' },
      schema: {
        body: Type.Object({ comment_id: Id, original_text: Text, ...CaptchaFields }),
        response: { 200: EnvelopeSchema(UpdateCommentRespSchema) },
      },
    },
    async (request) => {
      await comments.edit(request.actor, request.body);
      const comment = await commentInfo(reads.db, request.body.comment_id, request.actor, await settings());
      return ok(request, {
        comment_id: comment.comment_id,
        original_text: comment.original_text,
        parsed_text: comment.parsed_text,
      });
    },
  );

  app.delete(
    '/answer/api/v1/comment',
    {
      config: { ...USER, captcha: 'delete' },
      schema: { body: Type.Object({ comment_id: Id, ...CaptchaFields }), response: { 200: EnvelopeSchema(Null) } },
    },
    async (request) => {
      await comments.delete(request.actor, request.body.comment_id);
      return ok(request, null);
    },
  );

  app.get(
    '/answer/api/v1/comment/page',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({
          object_id: Id,
          ...PageQuery({ default: Limits.pageSize.commentsMore }),
          query_cond: Type.Optional(Type.Union([Type.Literal('vote'), Type.Literal('created_at'), Type.Literal('')])),
          comment_id: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { 200: EnvelopeSchema(Type.Object({ count: Type.Integer(), list: Type.Array(CommentItemSchema) })) },
      },
    },
    async (request, reply) => {
      // A visitor's page of comments is everyone's: kept until the read models change, as the question's and its
      // answers' are (docs/adr/0071-public-page-caching.md).
      if (!request.actor) {
        const { object_id, page, page_size, query_cond } = request.query;
        const key = JSON.stringify(['comments', object_id, page, page_size, query_cond ?? '']);
        return sendSharedReply(reads, request, reply, key, (s) => commentPage(reads.db, request.query, null, s));
      }
      return ok(request, await commentPage(reads.db, request.query, request.actor, await settings()));
    },
  );

  // The first comments of a question and of each of its answers in one read, as `comment/page` gives each post's
  // (docs/adr/0071-public-page-caching.md); a visitor's is everyone's, kept until the read models change.
  app.get(
    '/answer/api/v1/comment/question',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({ question_id: Id }),
        response: { 200: EnvelopeSchema(QuestionCommentsSchema) },
      },
    },
    async (request, reply) => {
      const query = { questionId: request.query.question_id, pageSize: Limits.pageSize.commentsFirstPage };
      if (!request.actor) {
        const key = JSON.stringify(['question-comments', query.questionId]);
        return sendSharedReply(reads, request, reply, key, (s) => questionCommentPages(reads.db, query, null, s));
      }
      return ok(request, await questionCommentPages(reads.db, query, request.actor, await settings()));
    },
  );

  app.get(
    '/answer/api/v1/comment',
    {
      config: { auth: 'optional' },
      schema: { querystring: Type.Object({ id: Id }), response: { 200: EnvelopeSchema(CommentItemSchema) } },
    },
    async (request) => ok(request, await commentInfo(reads.db, request.query.id, request.actor, await settings())),
  );

  // The editor's preview: the very renderer and sanitiser that produce stored HTML.
  app.post(
    '/answer/api/v1/post/render',
    {
      config: USER,
      schema: {
        body: Type.Object({ content: Type.String({ maxLength: Limits.post.bodyMaxLength }) }),
        response: { 200: EnvelopeSchema(Type.String()) },
      },
    },
    async (request) => ok(request, renderMarkdown(request.body.content)),
  );
}
