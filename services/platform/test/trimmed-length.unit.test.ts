import { WrittenText } from '@agora/contracts';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { partAwareValidators } from '../src/http/input-rules';
import { type SchemaError, toFieldErrors } from '../src/http/validation';

/** A body validator as a route gets it, and the field messages a refusal answers. */
function check(body: unknown) {
  const schema = Type.Object({ title: WrittenText(6, 150), note: Type.Optional(Type.String({ minLength: 3 })) });
  const validate = partAwareValidators({}, {})({ schema, method: 'POST', url: '/t', httpPart: 'body' });
  const valid = validate(body);
  return valid ? [] : toFieldErrors('en_US', (validate.errors ?? []) as SchemaError[], body);
}

describe('trimmedMinLength (WrittenText)', () => {
  it('counts text without its surrounding whitespace, and passes the value on as sent', () => {
    const body = { title: '  A title  ' };
    expect(check(body)).toEqual([]);
    expect(body.title).toBe('  A title  ');
    expect(check({ title: '\t\u00a0 Hello!\n' })).toEqual([]);
  });

  it('answers whitespace alone as empty, and short text within spaces as too short', () => {
    expect(check({ title: ' '.repeat(20) })).toEqual([{ error_field: 'title', error_msg: 'Title cannot be empty.' }]);
    expect(check({ title: '\n\t\u3000  ' })).toEqual([{ error_field: 'title', error_msg: 'Title cannot be empty.' }]);
    expect(check({ title: '   abc      ' })).toEqual([
      { error_field: 'title', error_msg: 'Title must be at least 6 characters.' },
    ]);
  });

  it('counts code points as minLength does', () => {
    expect(check({ title: '😀😀😀😀😀😀' })).toEqual([]);
    expect(check({ title: ' 😀😀😀 ' })).toEqual([
      { error_field: 'title', error_msg: 'Title must be at least 6 characters.' },
    ]);
  });

  it('leaves a plain minLength field as it was, but calls its spaces empty', () => {
    expect(check({ title: 'A title', note: '   ' })).toEqual([]);
    expect(check({ title: 'A title', note: '  ' })).toEqual([
      { error_field: 'note', error_msg: 'Note cannot be empty.' },
    ]);
  });
});
