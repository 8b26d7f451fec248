import { isShortId, longIdOf, toShortId } from '@agora/platform';

const ID_FIELDS = ['id', 'question_id', 'answer_id', 'object_id'];
/** A question's or an answer's long id, standing alone as a JSON string. */
const POST_ID_IN_JSON = /"(100[12]\d{19})"/g;

/**
 * A JSON reply with its question and answer ids in the form the permalink setting asks for: with the
 * short-id settings (3 and 4), short ids. Every reply that carries post ids is rewritten here: the reply
 * hook of the routes and the shared replies kept as bytes.
 */
export function withPermalinkIds(json: string, permalink: number): string {
  return permalink < 3 ? json : json.replace(POST_ID_IN_JSON, (_whole, id: string) => `"${toShortId(id)}"`);
}

/** A request's question and answer ids in their long form, whichever form it gave them in. */
export function normalizeIds(input: unknown): void {
  if (!input || typeof input !== 'object') return;
  const record = input as Record<string, unknown>;
  for (const field of ID_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && isShortId(value)) record[field] = longIdOf(value) ?? value;
  }
}
