import { Limits } from '@agora/contracts/limits';
import { api } from '../client';
import { postEventStream } from '../stream';
import type { AiConversation, AiConversationItem, AiVoteInput, ChatChunk, ChatInput, Page } from '../wire';

/** A part of a reply as it streams in: its id, and the text and reasoning the chunk adds. */
export interface ReplyDelta {
  chatCompletionId: string;
  content: string;
  reasoning: string;
}

/** The member's conversations with the site's AI assistant, and the assistant itself (`ai/*`, `chat/completions`). */
export const aiApi = {
  /** The member's own conversations, newest first. */
  conversations: (page: number) =>
    api.get<Page<AiConversationItem>>('ai/conversation/page', {
      params: { page, page_size: Limits.ai.conversationsPageSize },
    }),
  /** One of the member's conversations with its turns; `null` when it is not theirs or not there (yet). */
  conversation: (conversation_id: string) =>
    api.get<AiConversation | null>('ai/conversation', { params: { conversation_id } }),
  vote: (body: AiVoteInput) => api.post<null>('ai/conversation/vote', body),
  /**
   * Asks the assistant: each part of the reply is handed to `onDelta` as it streams in. A refusal before the reply
   * (the assistant off, the hourly rate spent, someone else's conversation) is thrown as an ApiError.
   */
  chat: (input: ChatInput, options: { signal: AbortSignal; onDelta: (delta: ReplyDelta) => void }) =>
    postEventStream('chat/completions', input, {
      signal: options.signal,
      onData: (data) => {
        let chunk: ChatChunk;
        try {
          chunk = JSON.parse(data) as ChatChunk;
        } catch {
          return;
        }
        const delta = chunk.choices?.[0]?.delta;
        if (!delta || !chunk.chat_completion_id) return;
        options.onDelta({
          chatCompletionId: chunk.chat_completion_id,
          content: delta.content ?? '',
          reasoning: delta.reasoning_content ?? '',
        });
      },
    }),
};
