/**
 * The scripted chat model of the test AI provider: the request shape it reads, the replies a test's script gives,
 * and how a reply is written as one `chat.completion` or as the `chat.completion.chunk`s of an OpenAI stream.
 */
import type { AiFaults } from './ai-provider';

export interface ChatContentPart {
  type: string;
  text?: string;
}

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content?: string | ChatContentPart[] | null;
  name?: string;
  tool_calls?: ChatToolCall[];
  tool_call_id?: string;
}

export interface ChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/** The body of `POST /v1/chat/completions` as the script sees it (other fields kept as sent). */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: ChatTool[];
  [field: string]: unknown;
}

export interface ToolCallReply {
  toolCalls: { name: string; arguments: Record<string, unknown> | string }[];
  /** Text said along with the calls (rare, but models do). */
  content?: string;
  reasoning?: string;
  /** Faults for this answer only, on top of the server's. */
  fault?: AiFaults;
}

export interface ContentReply {
  content: string;
  /** Streamed first, as `delta.reasoning_content` (the field DeepSeek-style reasoning models use). */
  reasoning?: string;
  fault?: AiFaults;
}

export type ChatReply = ToolCallReply | ContentReply;

/** Decides the model's answer; `call` counts the chat requests this server has answered, from 0. */
export type ChatScript = (request: ChatRequest, call: number) => ChatReply | Promise<ChatReply>;

export function messageText(message: ChatMessage | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

/**
 * The default model: after a tool result it answers quoting the result; else, when the request offers the tool
 * named `tool`, it calls it with the last user message (as the tool's first required string parameter, or `query`);
 * else it answers plainly, quoting the question.
 */
export function defaultChatScript(options: { tool?: string } = {}): ChatScript {
  return (request) => {
    const last = request.messages[request.messages.length - 1];
    if (last?.role === 'tool') return { content: `Here is what I found: ${messageText(last)}` };
    const question = messageText(request.messages.findLast((message) => message.role === 'user'));
    const offered = request.tools?.find((tool) => tool.function.name === options.tool);
    if (offered)
      return { toolCalls: [{ name: offered.function.name, arguments: { [argumentName(offered)]: question } }] };
    return { content: `You asked: ${question}` };
  };
}

function argumentName(tool: ChatTool): string {
  const parameters = tool.function.parameters as
    | { properties?: Record<string, { type?: unknown }>; required?: string[] }
    | undefined;
  const required = parameters?.required ?? [];
  return required.find((name) => parameters?.properties?.[name]?.type === 'string') ?? 'query';
}

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

export interface CompletionContext {
  id: string;
  model: string;
  created: number;
  /** Prefix of the tool call ids of this answer. */
  callIdPrefix: string;
}

function toolCalls(reply: ChatReply, context: CompletionContext): ChatToolCall[] {
  if (!('toolCalls' in reply)) return [];
  return reply.toolCalls.map((call, index) => ({
    id: `${context.callIdPrefix}_${index}`,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
}

function usage(request: ChatRequest, reply: ChatReply) {
  const prompt = request.messages.reduce((sum, message) => sum + countWords(messageText(message)), 0);
  const completion = countWords(`${reply.reasoning ?? ''} ${reply.content ?? ''}`) + toolCallCount(reply);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

const toolCallCount = (reply: ChatReply) => ('toolCalls' in reply ? reply.toolCalls.length : 0);
const finishReason = (reply: ChatReply) => (toolCallCount(reply) > 0 ? 'tool_calls' : 'stop');

/** The whole answer as one `chat.completion` object. */
export function completionObject(request: ChatRequest, reply: ChatReply, context: CompletionContext) {
  const calls = toolCalls(reply, context);
  return {
    id: context.id,
    object: 'chat.completion',
    created: context.created,
    model: context.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.content ?? null,
          refusal: null,
          ...(reply.reasoning === undefined ? {} : { reasoning_content: reply.reasoning }),
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        },
        logprobs: null,
        finish_reason: finishReason(reply),
      },
    ],
    usage: usage(request, reply),
  };
}

/** Words with the spaces after them, so the pieces join back to the text. */
const textPieces = (text: string) => text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);

/** Tool arguments are cut in pieces of this many characters, as models emit them token by token. */
const ARGUMENT_PIECE = 8;

function argumentPieces(text: string): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += ARGUMENT_PIECE) pieces.push(text.slice(i, i + ARGUMENT_PIECE));
  return pieces;
}

/**
 * The answer as the `data:` objects of an OpenAI stream (without the final `[DONE]`): the role, the reasoning and
 * content word by word, each tool call opened with its id and name and its arguments in pieces, the finish reason,
 * then the usage when `stream_options.include_usage` asked for it.
 */
export function completionChunks(request: ChatRequest, reply: ChatReply, context: CompletionContext): object[] {
  const chunk = (delta: object, finish: string | null = null) => ({
    id: context.id,
    object: 'chat.completion.chunk',
    created: context.created,
    model: context.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const calls = toolCalls(reply, context);
  const chunks: object[] = [chunk({ role: 'assistant', content: calls.length > 0 ? null : '' })];
  for (const piece of textPieces(reply.reasoning ?? '')) chunks.push(chunk({ reasoning_content: piece }));
  for (const piece of textPieces(reply.content ?? '')) chunks.push(chunk({ content: piece }));
  calls.forEach((call, index) => {
    chunks.push(
      chunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }],
      }),
    );
    for (const piece of argumentPieces(call.function.arguments))
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  chunks.push(chunk({}, finishReason(reply)));
  if (request.stream_options?.include_usage) chunks.push({ ...chunk({}), choices: [], usage: usage(request, reply) });
  return chunks;
}
