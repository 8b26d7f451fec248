import { Limits } from '@agora/contracts/limits';
import type { AiConfig, AiConfigInput, AiProviderName } from '@agora/kit';

/** One provider's fields as the form holds them. */
export interface ProviderFields {
  api_host: string;
  api_key: string;
  model: string;
}

/** The AI settings form: every provider's fields (the chosen one is shown), the prompts and the limits as typed. */
export interface AiSettingsForm {
  enabled: boolean;
  chosen: AiProviderName | '';
  /** In the order the server lists them; the field messages name a provider by its place in it. */
  order: AiProviderName[];
  providers: Partial<Record<AiProviderName, ProviderFields>>;
  en_us: string;
  zh_cn: string;
  chats_per_hour: string;
  max_reply_tokens: string;
  embedding_model: string;
}

/** The fields a message can land on. */
export type FormField =
  | 'chosen'
  | 'api_host'
  | 'api_key'
  | 'model'
  | 'en_us'
  | 'zh_cn'
  | NumberField
  | 'embedding_model';
type NumberField = 'chats_per_hour' | 'max_reply_tokens';

export function formOf(config: AiConfig): AiSettingsForm {
  const providers: AiSettingsForm['providers'] = {};
  for (const p of config.ai_providers)
    providers[p.provider] = { api_host: p.api_host, api_key: p.api_key, model: p.model };
  return {
    enabled: config.enabled,
    chosen: (config.chosen_provider as AiProviderName | '') || (config.ai_providers[0]?.provider ?? ''),
    order: config.ai_providers.map((p) => p.provider),
    providers,
    en_us: config.prompt_config.en_us,
    zh_cn: config.prompt_config.zh_cn,
    chats_per_hour: String(config.chats_per_hour),
    max_reply_tokens: String(config.max_reply_tokens),
    embedding_model: config.embedding_model,
  };
}

export function inputOf(form: AiSettingsForm): AiConfigInput {
  return {
    enabled: form.enabled,
    chosen_provider: form.chosen,
    ai_providers: form.order.map((provider) => ({
      provider,
      api_host: form.providers[provider]?.api_host.trim() ?? '',
      api_key: form.providers[provider]?.api_key.trim() ?? '',
      model: form.providers[provider]?.model.trim() ?? '',
    })),
    prompt_config: { en_us: form.en_us, zh_cn: form.zh_cn },
    chats_per_hour: Number(form.chats_per_hour),
    max_reply_tokens: Number(form.max_reply_tokens),
    embedding_model: form.embedding_model.trim(),
  };
}

const RANGES: Record<NumberField, [number, number]> = {
  chats_per_hour: [1, Limits.ai.chatsPerHourMax],
  max_reply_tokens: [Limits.ai.replyTokensMin, Limits.ai.replyTokensMax],
};

/** A problem the form's own checks found: a message key of `ui.admin.form`, given the field's label and these values. */
export interface Problem {
  key: 'required' | 'integer' | 'min' | 'max';
  values?: { min?: number; max?: number };
}

/** What the form's own checks find, field by field (the server checks again). */
export function checkForm(form: AiSettingsForm): Partial<Record<FormField, Problem>> {
  const problems: Partial<Record<FormField, Problem>> = {};
  for (const [field, [min, max]] of Object.entries(RANGES) as [NumberField, [number, number]][]) {
    const text = form[field].trim();
    const value = Number(text);
    if (!/^\d+$/.test(text)) problems[field] = { key: 'integer' };
    else if (value < min) problems[field] = { key: 'min', values: { min } };
    else if (value > max) problems[field] = { key: 'max', values: { max } };
  }
  if (form.enabled && !form.chosen) problems.chosen = { key: 'required' };
  if (form.enabled && form.chosen && !form.providers[form.chosen]?.model.trim()) problems.model = { key: 'required' };
  return problems;
}

/**
 * Where a server message lands: `ai_providers.<n>.<field>` on the chosen provider's field (another provider's message
 * has no field on screen: undefined), `chosen_provider` on the choice, the others on their own fields.
 */
export function fieldOf(form: AiSettingsForm, errorField: string): FormField | undefined {
  const provider = /^ai_providers\.(\d+)\.(api_host|api_key|model)$/.exec(errorField);
  if (provider) return form.order[Number(provider[1])] === form.chosen ? (provider[2] as FormField) : undefined;
  if (errorField === 'chosen_provider') return 'chosen';
  if (errorField === 'prompt_config.en_us') return 'en_us';
  if (errorField === 'prompt_config.zh_cn') return 'zh_cn';
  if (errorField === 'chats_per_hour' || errorField === 'max_reply_tokens' || errorField === 'embedding_model')
    return errorField;
  return undefined;
}
