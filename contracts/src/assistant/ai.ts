import { type Static, Type } from 'typebox';
import { Limits } from '../limits';

/** The providers the settings page offers (all spoken to in the OpenAI-compatible protocol), as the reference seeds them. */
export const AI_PROVIDERS = [
  { name: 'openai', display_name: 'OpenAI', default_api_host: 'https://api.openai.com' },
  { name: 'gemini', display_name: 'Gemini', default_api_host: 'https://generativelanguage.googleapis.com' },
  { name: 'anthropic', display_name: 'Anthropic', default_api_host: 'https://api.anthropic.com' },
] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number]['name'];
export const AiProviderNameSchema = Type.Union([
  Type.Literal('openai'),
  Type.Literal('gemini'),
  Type.Literal('anthropic'),
]);

export const AiProviderInfoSchema = Type.Object({
  name: Type.String(),
  display_name: Type.String(),
  default_api_host: Type.String(),
});
export type AiProviderInfo = Static<typeof AiProviderInfoSchema>;

const Host = Type.String({ maxLength: 512 });
const Key = Type.String({ maxLength: 512 });
const Model = Type.String({ maxLength: 200 });
const Prompt = Type.String({ maxLength: 8000 });

/** One provider's settings on the wire; the key goes out as `*` as long as it is, and comes back so to keep it. */
export const AiProviderSettingsSchema = Type.Object({
  provider: AiProviderNameSchema,
  api_host: Host,
  api_key: Key,
  model: Model,
});

/** The system prompt per language; `%s` stands for the member's question when it is there. */
export const AiPromptsSchema = Type.Object({ zh_cn: Prompt, en_us: Prompt });

/**
 * `GET {admin}/ai-config`: the reference's shape, and Agora's own limits beside it: how many chats a member may start
 * an hour, how long a reply may be, and the model that embeds posts for semantic search.
 */
export const AiConfigSchema = Type.Object({
  enabled: Type.Boolean(),
  chosen_provider: Type.String(),
  ai_providers: Type.Array(AiProviderSettingsSchema),
  prompt_config: AiPromptsSchema,
  chats_per_hour: Type.Integer(),
  max_reply_tokens: Type.Integer(),
  embedding_model: Type.String(),
});
export type AiConfig = Static<typeof AiConfigSchema>;

/** `PUT {admin}/ai-config`: what is left out keeps its stored value (the reference client sends no prompts). */
export const AiConfigBody = Type.Object({
  enabled: Type.Boolean(),
  chosen_provider: Type.Union([Type.Literal(''), AiProviderNameSchema]),
  ai_providers: Type.Array(AiProviderSettingsSchema, { maxItems: 3 }),
  prompt_config: Type.Optional(AiPromptsSchema),
  chats_per_hour: Type.Optional(Type.Integer({ minimum: 1, maximum: Limits.ai.chatsPerHourMax })),
  max_reply_tokens: Type.Optional(
    Type.Integer({ minimum: Limits.ai.replyTokensMin, maximum: Limits.ai.replyTokensMax }),
  ),
  embedding_model: Type.Optional(Model),
});
export type AiConfigInput = Static<typeof AiConfigBody>;

/** `POST {admin}/ai-models`: the models a provider lists, asked with a host and a key (all `*`: the stored one). */
export const AiModelsBody = Type.Object({ api_host: Host, api_key: Key });
export const AiModelSchema = Type.Object({
  id: Type.String(),
  object: Type.String(),
  created: Type.Integer(),
  owned_by: Type.String(),
});
export type AiModel = Static<typeof AiModelSchema>;
