import { isObjectId, objectTypeOf } from '@agora/contracts';
import { idFromAnswerId } from '@agora/contracts/import/legacy-ids';
import { isShortId, longIdOf, toShortId } from '@agora/platform';

/** The fields of a request that name a question or an answer, with the type a field names (`null`: either). */
const ID_FIELDS: Record<string, 'question' | 'answer' | null> = {
  id: null,
  question_id: 'question',
  answer_id: 'answer',
  object_id: null,
};
/** A question's or an answer's long id, standing alone as a JSON string. */
const POST_ID_IN_JSON = /"(100[12]\d{19})"/g;
const PLAIN_NUMBER = /^[1-9]\d{0,15}$/;

/**
 * A JSON reply with its question and answer ids in the form the permalink setting asks for: with the
 * short-id settings (3 and 4), short ids. Every reply that carries post ids is rewritten here: the reply
 * hook of the routes and the shared replies kept as bytes.
 */
export function withPermalinkIds(json: string, permalink: number): string {
  return permalink < 3 ? json : json.replace(POST_ID_IN_JSON, (_whole, id: string) => `"${toShortId(id)}"`);
}

/** A plain number given for a question or an answer: a Stack Exchange number on a site imported from one. */
export interface PlainNumber {
  record: Record<string, unknown>;
  field: string;
  number: string;
  /** The type the field names, or null when it may name either. */
  type: 'question' | 'answer' | null;
}

/**
 * A request's question and answer ids in their long form, whichever form it gave them in: Agora's short form, or an
 * old link's (docs/adr/0094-importing-a-community.md), an Apache Answer id in its long or short form. Plain numbers
 * are returned: on a site imported from Stack Exchange they are its numbers (`permalinkHooks` resolves them).
 */
export function normalizeIds(input: unknown): PlainNumber[] {
  if (!input || typeof input !== 'object') return [];
  const record = input as Record<string, unknown>;
  const plain: PlainNumber[] = [];
  for (const [field, type] of Object.entries(ID_FIELDS)) {
    const value = record[field];
    if (typeof value !== 'string' || isObjectId(value)) continue;
    if (isShortId(value)) record[field] = longIdOf(value) ?? value;
    else if (PLAIN_NUMBER.test(value)) plain.push({ record, field, number: value, type });
    const answerId = idFromAnswerId(value);
    if (answerId && (!type || objectTypeOf(answerId) === type)) record[field] = answerId;
  }
  return plain;
}
