import { Limits } from '@agora/contracts';
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { callTool } from '../tools/calls';
import { TOOLS, type ToolContext } from '../tools/catalogue';
import { type ProviderProblem, providerProblem } from './provider-client';
import { sourcesOf } from './sources';

/** The tools as the model is offered them: the same names, descriptions and JSON Schemas as the MCP server's. */
export const MODEL_TOOLS: ChatCompletionTool[] = TOOLS.map((tool) => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.parameters as never },
}));

/** The longest reply kept whatever the provider streams: a runaway model stops here. */
const MAX_REPLY_CHARS = 64_000;

export interface ChatOutcome {
  content: string;
  reasoning: string;
  sources: { title: string; link: string }[];
  /** Set when the reply ended on a failure, for the route to tell the member in their language. */
  problem: ProviderProblem | null;
}

export interface ChatLoopOptions {
  client: OpenAI;
  model: string;
  messages: ChatCompletionMessageParam[];
  maxTokens: number;
  tools: ToolContext;
  siteUrl: string;
  /** Aborted when the member goes away: the provider's call is cancelled with it. */
  signal: AbortSignal;
  /** How long the provider may stay silent before the reply ends. */
  idleMs: number;
  onContent(text: string): void;
  onReasoning(text: string): void;
}

interface PendingCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * The assistant's loop: streams the model's reply as it comes, runs the tools it calls (the MCP server's, through the
 * one door), and asks again with their results, at most `Limits.ai.toolRounds` times. A provider that is down, slow,
 * refuses the key or answers garbage ends the reply with the problem, which the route says in the member's language.
 */
export async function runChatLoop(options: ChatLoopOptions): Promise<ChatOutcome> {
  const outcome: ChatOutcome = { content: '', reasoning: '', sources: [], problem: null };
  const messages = [...options.messages];
  const upstream = new AbortController();
  const abort = () => upstream.abort();
  options.signal.addEventListener('abort', abort, { once: true });
  let idle: NodeJS.Timeout | undefined;
  let silent = false;
  const heard = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      silent = true;
      upstream.abort();
    }, options.idleMs);
  };
  try {
    for (let round = 1; round <= Limits.ai.toolRounds; round++) {
      heard();
      const stream = await options.client.chat.completions.create(
        {
          model: options.model,
          messages,
          tools: MODEL_TOOLS,
          stream: true,
          max_tokens: options.maxTokens,
        },
        { signal: upstream.signal },
      );
      const calls: PendingCall[] = [];
      let roundText = '';
      for await (const chunk of stream) {
        heard();
        const delta = chunk.choices?.[0]?.delta as
          | (OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta & { reasoning_content?: string })
          | undefined;
        if (!delta) continue;
        if (delta.reasoning_content) {
          outcome.reasoning += delta.reasoning_content;
          options.onReasoning(delta.reasoning_content);
        }
        if (delta.content && outcome.content.length < MAX_REPLY_CHARS) {
          outcome.content += delta.content;
          roundText += delta.content;
          options.onContent(delta.content);
        }
        for (const part of delta.tool_calls ?? []) {
          const call = calls[part.index] ?? { id: '', name: '', arguments: '' };
          calls[part.index] = call;
          if (part.id) call.id = part.id;
          if (part.function?.name) call.name += part.function.name;
          if (part.function?.arguments) call.arguments += part.function.arguments;
        }
      }
      const called = calls.filter((call) => call?.name);
      if (called.length === 0) break;
      if (round === Limits.ai.toolRounds) break;
      messages.push({
        role: 'assistant',
        content: roundText || null,
        tool_calls: called.map((call, i) => ({
          id: call.id || `call_${round}_${i}`,
          type: 'function',
          function: { name: call.name, arguments: call.arguments || '{}' },
        })),
      });
      for (const [i, call] of called.entries()) {
        let args: unknown;
        try {
          args = call.arguments ? JSON.parse(call.arguments) : {};
        } catch {
          args = undefined;
        }
        const result =
          args === undefined
            ? { text: `Error: the arguments of ${call.name} are not valid JSON.`, isError: true }
            : await callTool(call.name, args, options.tools);
        if (!result.isError) sourcesOf(result.text, options.siteUrl, outcome.sources);
        messages.push({ role: 'tool', tool_call_id: call.id || `call_${round}_${i}`, content: result.text });
      }
    }
  } catch (error) {
    if (!options.signal.aborted) {
      outcome.problem = silent ? { key: 'error.ai.provider_timeout' } : providerProblem(error);
    }
  } finally {
    clearTimeout(idle);
    options.signal.removeEventListener('abort', abort);
  }
  return outcome;
}
