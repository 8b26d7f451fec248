import type OpenAI from 'openai';

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
