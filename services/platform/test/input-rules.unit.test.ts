import { describe, expect, it } from 'vitest';
import { parseQuerystring } from '../src/http/input-rules';
import { illFormedFields, isIllFormedText } from '../src/http/validation';

describe('query parsing', () => {
  it('reads pairs as Fastify does: repeated keys make an array, + is a space, a bare key is empty', () => {
    expect({ ...parseQuerystring('a=1&a=2&b=x+y%20z&c&d=%E4%B8%AD') }).toEqual({
      a: ['1', '2'],
      b: 'x y z',
      c: '',
      d: '中',
    });
  });

  it('turns an escape that is not UTF-8 into ill-formed text instead of passing its literal form on', () => {
    const query = parseQuerystring('q=%ED%A0%80&r=%FF&s=100%25');
    expect(isIllFormedText(query.q as string)).toBe(true);
    expect(isIllFormedText(query.r as string)).toBe(true);
    expect(query.s).toBe('100%');
  });

  it('cannot be made to set a prototype', () => {
    const query = parseQuerystring('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.entries(query)).toContainEqual(['__proto__', 'x']);
  });
});

describe('ill-formed text', () => {
  it('finds NULs and lone surrogates, not well-formed pairs', () => {
    expect(isIllFormedText('a\u0000b')).toBe(true);
    expect(isIllFormedText('a\ud800b')).toBe(true);
    expect(isIllFormedText('a\udc00')).toBe(true);
    expect(isIllFormedText('emoji 😀 and 中文')).toBe(false);
  });

  it('names each field as schema errors do: nested paths dotted, array positions left out, keys too', () => {
    const fields = illFormedFields({
      title: 'ok',
      tags: [{ slug_name: 'ok' }, { slug_name: 'x\u0000' }],
      bio: 'y\ud800',
      'bad\u0000key': 1,
    });
    expect([...fields].sort()).toEqual(['bad\u0000key', 'bio', 'tags.slug_name']);
  });
});
