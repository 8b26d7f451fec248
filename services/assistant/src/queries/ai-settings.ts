import type { Db } from '@agora/platform';
import { sql } from 'kysely';
import { type AiSettings, DEFAULT_AI_SETTINGS } from '../domain/ai-config/defaults';

/** The AI settings in force (the defaults until an admin saves some). */
export async function aiSettings(db: Db): Promise<AiSettings> {
  const { rows } = await sql<{ settings: AiSettings }>`select settings from ai_settings where name = 'ai'`.execute(db);
  return rows[0]?.settings ?? DEFAULT_AI_SETTINGS;
}

/** Each provider's key, by provider name. */
export async function providerKeys(db: Db): Promise<Map<string, string>> {
  const { rows } = await sql<{
    provider: string;
    api_key: string;
  }>`select provider, api_key from ai_provider_keys`.execute(db);
  return new Map(rows.map((row) => [row.provider, row.api_key]));
}

/** What a chat or an embedding needs: the chosen provider's host, key and models, when the assistant is on and set. */
export interface ProviderAccess {
  provider: string;
  apiHost: string;
  apiKey: string;
  model: string;
  embeddingModel: string;
  settings: AiSettings;
}

export async function chosenProvider(db: Db): Promise<ProviderAccess | null> {
  const settings = await aiSettings(db);
  const chosen = settings.providers.find((p) => p.provider === settings.chosen_provider);
  if (!chosen) return null;
  const apiKey = (await providerKeys(db)).get(chosen.provider) ?? '';
  return {
    provider: chosen.provider,
    apiHost: chosen.api_host,
    apiKey,
    model: chosen.model,
    embeddingModel: settings.embedding_model,
    settings,
  };
}
