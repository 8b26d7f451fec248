import { describe, expect, it } from 'vitest';
import { first, itemAt, zip } from '../src/lists';

describe('lists that cannot be short', () => {
  it('give the first item, or say what was expected', () => {
    expect(first([3, 4], 'a number')).toBe(3);
    expect(first([0], 'a number')).toBe(0);
    expect(() => first([], 'the login event')).toThrow('expected the login event, found none');
  });

  it('give an item by index, or name the index and the length', () => {
    expect(itemAt(['a', 'b'], 1)).toBe('b');
    expect(itemAt([false], 0)).toBe(false);
    expect(() => itemAt(['a'], 1)).toThrow('no item 1 in a list of 1');
    expect(() => itemAt(['a'], -1)).toThrow('no item -1 in a list of 1');
  });

  it('pair two lists of one length, and refuse two of different lengths', () => {
    expect(zip(['a', 'b'], [1, 2])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(zip([], [])).toEqual([]);
    expect(() => zip(['a'], [1, 2])).toThrow('cannot pair 1 items with 2');
  });
});
