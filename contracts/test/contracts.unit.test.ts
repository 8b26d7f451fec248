import { describe, expect, it } from 'vitest';
import { formatObjectId, isObjectId, objectTypeOf, resolveLanguage, translate } from '../src';

describe('languages', () => {
  it.each([
    [undefined, 'en_US'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh_CN'],
    ['zh_CN', 'zh_CN'],
    ['en-GB', 'en_US'],
    ['fr-FR', 'en_US'],
    ['fr;q=1, zh;q=0.5', 'zh_CN'],
  ])('resolves %s to %s', (header, expected) => {
    expect(resolveLanguage(header)).toBe(expected);
  });

  it('translates with parameters and falls back to the key', () => {
    expect(translate('en_US', 'validation.max_length', { field: 'Title', limit: 150 })).toBe(
      'Title must be at most 150 characters.',
    );
    expect(translate('zh_CN', 'base.success')).toBe('成功。');
    expect(translate('en_US', 'no.such.key')).toBe('no.such.key');
  });
});

describe('object ids', () => {
  it('tell their object type', () => {
    const id = formatObjectId('question', 123456789n);
    expect(id).toBe('10010000000000123456789');
    expect(isObjectId(id)).toBe(true);
    expect(objectTypeOf(id)).toBe('question');
    expect(objectTypeOf(formatObjectId('tag', 5n))).toBe('tag');
    expect(objectTypeOf('12')).toBeUndefined();
    expect(objectTypeOf('19990000000000000000001')).toBeUndefined();
  });
});
