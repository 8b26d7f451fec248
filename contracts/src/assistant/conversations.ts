import { type Static, Type } from 'typebox';
import { Limits } from '../limits';
import { UserBasicInfoSchema } from '../users/user-basic-info';
import { AiSource } from './events';

/** `POST chat/completions`: the reference client sends one user message and, after the first turn, the id it chose. */
export const ChatBody = Type.Object({
  conversation_id: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' })),
  messages: Type.Array(
    Type.Object({
      role: Type.Union([Type.Literal('user'), Type.Literal('assistant'), Type.Literal('system')]),
      content: Type.String({ maxLength: Limits.ai.messageMaxLength }),
    }),
    { minItems: 1, maxItems: Limits.ai.messagesMax },
  ),
});
export type ChatInput = Static<typeof ChatBody>;

/**
 * One `data:` event of the `chat/completions` stream (the reference's chunk: its key is `chat_completion_id`, not
 * `id`); the stream ends with `data: [DONE]`.
 */
export const ChatChunkSchema = Type.Object({
  chat_completion_id: Type.String(),
  object: Type.Literal('chat.completion.chunk'),
  created: Type.Integer(),
  model: Type.String(),
  choices: Type.Array(
    Type.Object({
      index: Type.Integer(),
      delta: Type.Object({
        role: Type.Optional(Type.Literal('assistant')),
        content: Type.Optional(Type.String()),
        reasoning_content: Type.Optional(Type.String()),
      }),
      finish_reason: Type.Union([Type.Literal('stop'), Type.Null()]),
    }),
  ),
});
export type ChatChunk = Static<typeof ChatChunkSchema>;

export const AiRecordSchema = Type.Object({
  chat_completion_id: Type.String(),
  role: Type.String(),
  content: Type.String(),
  reasoning_content: Type.String(),
  helpful: Type.Integer(),
  unhelpful: Type.Integer(),
  created_at: Type.Integer(),
  /** Agora's: the site's posts the reply was drawn from. */
  sources: Type.Array(AiSource),
});
export type AiRecord = Static<typeof AiRecordSchema>;

export const AiConversationItemSchema = Type.Object({
  conversation_id: Type.String(),
  topic: Type.String(),
  created_at: Type.Integer(),
});
export type AiConversationItem = Static<typeof AiConversationItemSchema>;

export const AiConversationSchema = Type.Object({
  conversation_id: Type.String(),
  topic: Type.String(),
  records: Type.Array(AiRecordSchema),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type AiConversation = Static<typeof AiConversationSchema>;

export const AdminAiConversationItemSchema = Type.Object({
  id: Type.String(),
  topic: Type.String(),
  user_info: UserBasicInfoSchema,
  helpful_count: Type.Integer(),
  unhelpful_count: Type.Integer(),
  created_at: Type.Integer(),
});
export type AdminAiConversationItem = Static<typeof AdminAiConversationItemSchema>;

export const AdminAiConversationSchema = Type.Object({
  conversation_id: Type.String(),
  topic: Type.String(),
  records: Type.Array(AiRecordSchema),
  user_info: UserBasicInfoSchema,
  created_at: Type.Integer(),
});
export type AdminAiConversation = Static<typeof AdminAiConversationSchema>;

export const AiVoteBody = Type.Object({
  chat_completion_id: Type.String({ minLength: 1, maxLength: 64 }),
  vote_type: Type.Union([Type.Literal('helpful'), Type.Literal('unhelpful')]),
  cancel: Type.Optional(Type.Boolean()),
});
export type AiVoteInput = Static<typeof AiVoteBody>;
