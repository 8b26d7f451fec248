import { Idempotency, isIdempotencyKey } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/http/errors';
import { idempotencyKeyOf, requestHash } from '../src/idempotency/key';

// The Idempotency-Key header (docs/adr/0093-idempotent-writes.md).

const refusal = (value: string | string[]) => {
  try {
    idempotencyKeyOf({ 'idempotency-key': value });
  } catch (error) {
    return error instanceof ApiError ? { status: error.status, fields: error.fields } : error;
  }
  return 'accepted';
};

describe('idempotencyKeyOf', () => {
  it('takes 1 to 128 visible ASCII characters: a UUID, the draft quoted string, any printable token', () => {
    for (const key of [
      'a',
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
      '"8e03978e-40d5"',
      '~!@#$%^&*()_+{}|:<>?',
      'x'.repeat(128),
    ]) {
      expect(isIdempotencyKey(key), key).toBe(true);
      expect(idempotencyKeyOf({ 'idempotency-key': key })).toBe(key);
    }
  });

  it('is undefined without the header', () => {
    expect(idempotencyKeyOf({})).toBeUndefined();
    expect(idempotencyKeyOf({ 'idempotency-keys': 'other' })).toBeUndefined();
  });

  it('refuses an empty, long, spaced, non-ASCII, control-character or repeated key with a field error on the header', () => {
    const fieldError = {
      status: 400,
      fields: [
        { field: 'Idempotency-Key', key: 'validation.idempotency_key', params: { limit: Idempotency.keyMaxLength } },
      ],
    };
    for (const value of [
      '',
      'x'.repeat(129),
      'two words',
      'naïve',
      'tab\there',
      'nul\u0000',
      'del\u007f',
      'a, b',
      ['a', 'b'],
    ]) {
      expect(refusal(value), JSON.stringify(value)).toEqual(fieldError);
    }
  });
});

describe('requestHash', () => {
  const request = { method: 'POST', url: '/answer/api/v1/answer?x=1', body: { content: 'text' } };

  it('is the same for the same method, path, query and body', () => {
    expect(requestHash({ ...request, body: { content: 'text' } })).toBe(requestHash(request));
  });

  it('differs with any of them', () => {
    const hashes = [
      request,
      { ...request, method: 'PUT' },
      { ...request, url: '/answer/api/v1/comment?x=1' },
      { ...request, url: '/answer/api/v1/answer?x=2' },
      { ...request, url: '/answer/api/v1/answer' },
      { ...request, body: { content: 'other' } },
      { ...request, body: undefined },
    ].map(requestHash);
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});
