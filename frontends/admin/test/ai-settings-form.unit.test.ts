import type { AiConfig } from '@agora/kit';
import { describe, expect, it } from 'vitest';
import { checkForm, fieldOf, formOf, inputOf } from '../src/assistant/ai-settings-form';

const CONFIG: AiConfig = {
  enabled: false,
  chosen_provider: '',
  ai_providers: [
    { provider: 'openai', api_host: 'https://api.openai.com', api_key: '*****', model: '' },
    { provider: 'gemini', api_host: 'https://generativelanguage.googleapis.com', api_key: '', model: '' },
    { provider: 'anthropic', api_host: 'https://api.anthropic.com', api_key: '', model: '' },
  ],
  prompt_config: { en_us: 'Answer.', zh_cn: '回答。' },
  chats_per_hour: 20,
  max_reply_tokens: 2000,
  embedding_model: 'text-embedding-3-small',
};

describe('the AI settings form', () => {
  it('sends every provider back in the order it came, a key left as stars as stars', () => {
    const form = formOf(CONFIG);
    expect(form.chosen).toBe('openai');
    const gemini = { api_host: ' https://g.example ', api_key: 'sk-new', model: ' gemini-pro ' };
    const input = inputOf({ ...form, enabled: true, chosen: 'gemini', providers: { ...form.providers, gemini } });
    expect(input).toMatchObject({ enabled: true, chosen_provider: 'gemini', chats_per_hour: 20 });
    expect(input.ai_providers).toEqual([
      { provider: 'openai', api_host: 'https://api.openai.com', api_key: '*****', model: '' },
      { provider: 'gemini', api_host: 'https://g.example', api_key: 'sk-new', model: 'gemini-pro' },
      { provider: 'anthropic', api_host: 'https://api.anthropic.com', api_key: '', model: '' },
    ]);
  });

  it('checks the limits and, while on, the model', () => {
    const form = formOf(CONFIG);
    expect(checkForm(form)).toEqual({});
    expect(checkForm({ ...form, enabled: true })).toEqual({ model: { key: 'required' } });
    expect(checkForm({ ...form, chats_per_hour: '0', max_reply_tokens: '1e3' })).toEqual({
      chats_per_hour: { key: 'min', values: { min: 1 } },
      max_reply_tokens: { key: 'integer' },
    });
    expect(checkForm({ ...form, max_reply_tokens: '40000' })).toEqual({
      max_reply_tokens: { key: 'max', values: { max: 32_000 } },
    });
  });

  it("puts the server's messages on the fields shown: the chosen provider's, not another's", () => {
    const form = { ...formOf(CONFIG), chosen: 'gemini' as const };
    expect(fieldOf(form, 'ai_providers.1.api_host')).toBe('api_host');
    expect(fieldOf(form, 'ai_providers.1.model')).toBe('model');
    expect(fieldOf(form, 'ai_providers.0.api_host')).toBeUndefined();
    expect(fieldOf(form, 'chosen_provider')).toBe('chosen');
    expect(fieldOf(form, 'chats_per_hour')).toBe('chats_per_hour');
    expect(fieldOf(form, 'prompt_config.zh_cn')).toBe('zh_cn');
  });
});
