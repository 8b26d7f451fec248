import { TRIMMED_MIN_LENGTH } from '@agora/contracts';
import type { Ajv } from '@fastify/ajv-compiler';

/** The check a schema's `trimmedMinLength: n` compiles to, with its failure as Ajv reads it. */
interface TrimmedCheck {
  (data: string): boolean;
  errors?: { keyword: string; params: { limit: number } }[];
}

/**
 * `trimmedMinLength` (contracts' `WrittenText`): text shorter than its limit once its surrounding whitespace is
 * trimmed fails as `minLength` would, so the field's message is the usual "cannot be empty" or "must be at least"
 * (DESIGN §5, docs/adr/0090-mail-per-recipient.md). The value itself is passed on as sent.
 */
export function addTrimmedMinLength(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: TRIMMED_MIN_LENGTH,
    type: 'string',
    schemaType: 'number',
    errors: true,
    compile(limit: number) {
      const check: TrimmedCheck = (data) => {
        const text = data.trim();
        // Counted as `minLength` counts, in code points (at most two UTF-16 units each).
        const valid = text.length >= 2 * limit || [...text].length >= limit;
        check.errors = valid ? [] : [{ keyword: 'minLength', params: { limit } }];
        return valid;
      };
      return check;
    },
  });
}
