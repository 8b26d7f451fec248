import type { Db } from '@agora/platform';
import type OpenAI from 'openai';
import { providerClient } from '../ai/provider-client';
import { chosenProvider } from '../queries/ai-settings';
import { decodeVector, encodeVector } from './vectors';

/** Texts as unit vectors, in the order given, from the provider's embeddings endpoint. */
export async function embedTexts(
  client: OpenAI,
  model: string,
  texts: string[],
  signal?: AbortSignal,
): Promise<number[][]> {
  const response = await client.embeddings.create({ model, input: texts, encoding_format: 'float' }, { signal });
  const byIndex = [...response.data].sort((a, b) => a.index - b.index);
  if (byIndex.length !== texts.length) throw new Error('the provider embedded a different number of texts');
  return byIndex.map((item) => item.embedding as number[]);
}

/** Embeds a query with the chosen provider's embedding model, as a unit vector; null when no provider is set. */
export async function embedQuery(db: Db, text: string): Promise<{ model: string; vector: Float32Array } | null> {
  const access = await chosenProvider(db);
  if (!access) return null;
  const client = providerClient(access.apiHost, access.apiKey);
  const [vector] = await embedTexts(client, access.embeddingModel, [text]);
  return { model: access.embeddingModel, vector: decodeVector(encodeVector(vector ?? [])) };
}
