import { formatObjectId, ObjectType, type ObjectTypeName } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { fromShortId, isShortId, longIdOf, toShortId } from '../../src/text/short-id';

const typeNames = Object.keys(ObjectType) as ObjectTypeName[];

function randomNumber(): bigint {
  // Spread over every digit count, up to the largest 19-digit number.
  const digits = 1 + Math.floor(Math.random() * 19);
  let value = 0n;
  for (let i = 0; i < digits; i++) value = value * 10n + BigInt(Math.floor(Math.random() * 10));
  return value;
}

describe('short ids', () => {
  it('use the reference format: question D1…, answer E1…', () => {
    expect(toShortId(formatObjectId('question', 1n))).toBe('D1D1');
    expect(toShortId(formatObjectId('answer', 1n))).toBe('E1D1');
    expect(fromShortId('D1D1')).toBe('10010000000000000000001');
  });

  it('round-trip every kind of id, from the smallest to the largest number', () => {
    const edges = [0n, 1n, 61n, 62n, 3843n, 10n ** 18n, 2n ** 63n - 1n, 10n ** 19n - 1n];
    for (const type of typeNames) {
      for (const number of edges) {
        const id = formatObjectId(type, number);
        const short = toShortId(id);
        expect(short).toMatch(/^[0-9a-zA-Z]{4,13}$/);
        expect(fromShortId(short)).toBe(id);
      }
    }
  });

  it('round-trip many random ids, each to a distinct short id', () => {
    const seen = new Map<string, string>();
    for (let i = 0; i < 20_000; i++) {
      const id = formatObjectId(typeNames[i % typeNames.length]!, randomNumber());
      const short = toShortId(id);
      expect(fromShortId(short)).toBe(id);
      expect(isShortId(short)).toBe(true);
      expect(seen.get(short) ?? id).toBe(id);
      seen.set(short, id);
    }
  });

  it('are never mistaken for long ids, nor long ids for them', () => {
    const id = formatObjectId('question', 10n ** 19n - 1n);
    expect(toShortId(id).length).toBeLessThan(23);
    expect(isShortId(id)).toBe(false);
  });

  it('reject garbage', () => {
    for (const garbage of [
      '',
      'D1',
      'D1D',
      'hello',
      'D1-D1',
      'D1 D1',
      'D1D1\n',
      'D1ü1',
      'D1D10', // a most-significant zero: not the one short form of this number
      'zzzz', // an unknown object type
      '00D1', // type below 100
      'D1zzzzzzzzzzz', // more than 19 digits of number
      'D10', // number below 100
      '10010000000000000000001',
      'D1D1D1D1D1D1D1D1',
    ]) {
      expect(fromShortId(garbage), garbage).toBeUndefined();
      expect(isShortId(garbage), garbage).toBe(false);
    }
  });

  it('refuse to shorten what is not one of our ids', () => {
    expect(() => toShortId('42')).toThrow(TypeError);
    expect(() => toShortId('19990000000000000000001')).toThrow(TypeError);
  });

  it('accept either form where an id is expected', () => {
    const id = formatObjectId('answer', 123_456_789n);
    expect(longIdOf(id)).toBe(id);
    expect(longIdOf(toShortId(id))).toBe(id);
    expect(longIdOf('nonsense!')).toBeUndefined();
  });
});
