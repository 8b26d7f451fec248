import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ImportKind, ImportRecord } from '@agora/contracts/import/records';
import { ImportInputError } from '../source';

/** The fields a record of each kind cannot be without: what every sink reads first. */
const REQUIRED: Record<ImportKind, readonly string[]> = {
  settings: ['group'],
  member: ['id', 'username'],
  file: ['path'],
  tag: ['id', 'slug_name'],
  question: ['id', 'user_id'],
  answer: ['id', 'question_id', 'user_id'],
  comment: ['id', 'object_id', 'question_id'],
  pending_revision: ['object_id'],
  link: ['from_question_id', 'to_question_id'],
  vote: ['object_id', 'direction'],
  bookmark: ['user_id', 'question_id'],
  follow: ['user_id', 'object_id'],
  reaction: ['object_id', 'user_id', 'emoji'],
  reputation: ['user_id'],
  badge_award: ['id', 'user_id', 'badge'],
  flag: ['id', 'object_id'],
};

/** What is wrong with a line's value as a record of `kind`, or undefined when nothing the reader checks is. */
function problemOf(value: unknown, kind: ImportKind): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const record = value as Record<string, unknown>;
  if (record.kind !== kind) return `a record of kind ${String(record.kind)} in the file of ${kind} records`;
  const missing = REQUIRED[kind].filter((field) => typeof record[field] !== 'string' || record[field] === '');
  if (missing.length > 0) return `${missing.join(', ')} missing`;
  if ((kind === 'question' || kind === 'answer') && !(Array.isArray(record.revisions) && record.revisions.length > 0))
    return 'no revisions';
  return undefined;
}

/**
 * The records of one side file, read line by line (bounded memory whatever its size); a line that is not a record of
 * the file's kind stops the import with `ImportInputError(file, line, problem)`.
 */
export async function* ndjsonRecords(path: string, name: string, kind: ImportKind): AsyncGenerator<ImportRecord> {
  const input = createReadStream(path, 'utf8');
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  try {
    for await (const text of lines) {
      line += 1;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new ImportInputError(name, line, `not JSON (${(error as Error).message})`);
      }
      const problem = problemOf(value, kind);
      if (problem) throw new ImportInputError(name, line, problem);
      yield value as ImportRecord;
    }
  } finally {
    lines.close();
    input.destroy();
  }
}
