import {
  AdminAiConversationItemSchema,
  AdminAiConversationSchema,
  AiConversationItemSchema,
  AiConversationSchema,
  AiVoteBody,
  EnvelopeSchema,
  Limits,
  PageQuery,
  PageSchema,
  seconds,
} from '@agora/contracts';
import { errors, type HttpApp, loadAuthorCards, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import type { ConversationCommands } from '../commands/conversations';
import {
  allConversations,
  conversationOfReply,
  conversationRow,
  ownConversation,
  ownConversations,
  records,
} from '../queries/conversations';

const ConversationId = Type.String({ minLength: 1, maxLength: 64 });

/** Members' own conversations (`ai/conversation*`) and the admins' view of all of them (`{admin}/ai/conversation*`). */
export async function conversationRoutes(app: HttpApp, context: ServiceContext, commands: ConversationCommands) {
  const db = context.database.db;
  const MEMBER = { auth: 'user' as const };
  const ADMIN = { auth: 'admin' as const };

  app.get(
    '/answer/api/v1/ai/conversation/page',
    {
      config: MEMBER,
      schema: {
        querystring: Type.Object(PageQuery({ default: Limits.ai.conversationsPageSize })),
        response: { 200: EnvelopeSchema(PageSchema(AiConversationItemSchema)) },
      },
    },
    async (request) =>
      ok(request, await ownConversations(db, request.actor.id, request.query.page, request.query.page_size)),
  );

  // Another member's conversation, or none, answers `data: null`, as the reference's does.
  app.get(
    '/answer/api/v1/ai/conversation',
    {
      config: MEMBER,
      schema: {
        querystring: Type.Object({ conversation_id: ConversationId }),
        response: { 200: EnvelopeSchema(Type.Union([AiConversationSchema, Type.Null()])) },
      },
    },
    async (request) => ok(request, await ownConversation(db, request.actor.id, request.query.conversation_id)),
  );

  app.post(
    '/answer/api/v1/ai/conversation/vote',
    { config: MEMBER, schema: { body: AiVoteBody, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      const { chat_completion_id: replyId, vote_type: vote, cancel } = request.body;
      const conversationId = await conversationOfReply(db, replyId);
      if (!conversationId) throw errors.fields({ field: 'chat_completion_id', key: 'validation.invalid' });
      await commands.vote(request.actor, conversationId, replyId, cancel ? 'none' : vote);
      return ok(request, null);
    },
  );

  app.get(
    '/answer/admin/api/ai/conversation/page',
    {
      config: ADMIN,
      schema: {
        querystring: Type.Object(PageQuery({ default: Limits.ai.adminConversationsPageSize })),
        response: { 200: EnvelopeSchema(PageSchema(AdminAiConversationItemSchema)) },
      },
    },
    async (request) =>
      ok(
        request,
        await allConversations(db, await context.siteSettings(), request.query.page, request.query.page_size),
      ),
  );

  app.get(
    '/answer/admin/api/ai/conversation',
    {
      config: ADMIN,
      schema: {
        querystring: Type.Object({ conversation_id: ConversationId }),
        response: { 200: EnvelopeSchema(AdminAiConversationSchema) },
      },
    },
    async (request) => {
      const row = await conversationRow(db, request.query.conversation_id);
      if (!row) throw errors.notFound();
      const cards = await loadAuthorCards(db, [row.user_id], await context.siteSettings());
      return ok(request, {
        conversation_id: row.conversation_id,
        topic: row.topic,
        records: await records(db, row.conversation_id),
        user_info: cards.get(row.user_id),
        created_at: seconds(row.created_at),
      });
    },
  );

  // A delete is a purge: the rows go, and the words of its events with them.
  app.delete(
    '/answer/admin/api/ai/conversation',
    {
      config: ADMIN,
      schema: {
        body: Type.Object({ conversation_id: ConversationId }),
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => {
      await commands.purge(request.actor, request.body.conversation_id);
      return ok(request, null);
    },
  );
}
