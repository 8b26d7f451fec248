import { randomUUID } from 'node:crypto';
import { ChatBody, Reason, siteRoot } from '@agora/contracts';
import { ApiError, errors, type HttpApp, type ServiceContext } from '@agora/platform';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { runChatLoop } from '../ai/chat-loop';
import { ChunkWriter } from '../ai/chunks';
import { problemText, providerClient } from '../ai/provider-client';
import { sourcesMarkdown } from '../ai/sources';
import type { ConversationCommands } from '../commands/conversations';
import { DEFAULT_PROMPTS } from '../domain/ai-config/defaults';
import { chosenProvider } from '../queries/ai-settings';
import { conversationRow, records, repliesInLastHour } from '../queries/conversations';
import type { ToolContext } from '../tools/catalogue';

const TOPIC_CHARS = 200;

/**
 * `POST chat/completions`: a member's question answered by the site's assistant, streamed in the reference's chunks
 * (docs/adr/0096-the-assistant-service.md). Refusals come before the stream, as JSON: the assistant off or not set
 * up, the member's hourly rate spent, a conversation of someone else's. The turn is recorded once answered.
 */
export async function chatRoute(
  app: HttpApp,
  context: ServiceContext,
  conversations: ConversationCommands,
  tools: () => Promise<ToolContext>,
) {
  const db = context.database.db;
  app.post(
    '/answer/api/v1/chat/completions',
    { config: { auth: 'user' }, schema: { body: ChatBody, hide: true } },
    async (request, reply) => {
      const actor = request.actor;
      const access = await chosenProvider(db);
      if (!access?.settings.enabled || !access.model) throw errors.business('error.ai.disabled', 'error.ai.disabled');
      const limit = access.settings.chats_per_hour;
      if ((await repliesInLastHour(db, actor.id)) >= limit) {
        throw new ApiError(429, Reason.tooManyRequests, null, 'error.ai.rate_limited', { limit });
      }
      const conversationId = request.body.conversation_id || randomUUID();
      const existing = await conversationRow(db, conversationId);
      if (existing && existing.user_id !== actor.id) throw errors.forbidden();
      const asked = request.body.messages.filter((m) => m.role !== 'system');
      const userContent =
        asked
          .filter((m) => m.role === 'user')
          .at(-1)
          ?.content.trim() ?? '';
      if (!userContent) throw errors.fields({ field: 'messages', key: 'validation.required' });
      const language = request.language;
      const prompts = access.settings.prompts;
      const system =
        (language === 'zh_CN' ? prompts.zh_cn || DEFAULT_PROMPTS.zh_cn : prompts.en_us) || DEFAULT_PROMPTS.en_us;
      const history = existing ? await records(db, conversationId) : [];
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: system },
        ...history.map((r) => ({ role: r.role as 'user' | 'assistant', content: r.content })),
        ...asked.map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content })),
      ];
      const toolContext = await tools();
      const siteUrl = siteRoot(toolContext.settings.general.site_url);

      reply.hijack();
      const writer = new ChunkWriter(reply.raw, `chatcmpl-${randomUUID()}`, access.model);
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      writer.open();
      const outcome = await runChatLoop({
        client: providerClient(access.apiHost, access.apiKey, context.config.aiProviderTimeoutMs),
        model: access.model,
        messages,
        maxTokens: access.settings.max_reply_tokens,
        tools: toolContext,
        siteUrl,
        signal: gone.signal,
        idleMs: context.config.aiProviderTimeoutMs,
        onContent: (text) => writer.content(text),
        onReasoning: (text) => writer.reasoning(text),
      });
      let content = outcome.content;
      if (outcome.problem) {
        // `Error: ` stays as the reference spells it (clients find the failure by it); the sentence is the member's.
        const said = `${content ? '\n\n' : ''}Error: ${problemText(outcome.problem, language)}`;
        writer.content(said);
        content += said;
      } else {
        const listed = sourcesMarkdown(outcome.sources, language);
        writer.content(listed);
        content += listed;
      }
      writer.finish();
      if (!content && !outcome.reasoning) return;
      await conversations.recordTurn(actor.id, conversationId, existing?.topic ?? userContent.slice(0, TOPIC_CHARS), {
        chat_completion_id: writer.chatCompletionId,
        user_content: userContent,
        content,
        reasoning_content: outcome.reasoning,
        sources: outcome.sources,
        model: access.model,
      });
    },
  );
}
