import { describe, expect, it } from 'vitest';
import { tagSlug, urlTitle } from '../../src/text/slug';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('urlTitle', () => {
  it('slugifies English titles', () => {
    expect(urlTitle('How do I use TypeScript generics?')).toBe('how-do-i-use-typescript-generics');
    expect(urlTitle('  C++ vs. Rust: which is faster?!  ')).toBe('c-vs-rust-which-is-faster');
    expect(urlTitle('Node 20 -- ESM & CJS')).toBe('node-20-esm-cjs');
  });

  it('turns Chinese into pinyin syllables joined by hyphens', () => {
    expect(urlTitle('如何学习 TypeScript 编程？')).toBe('ru-he-xue-xi-typescript-bian-cheng');
    expect(urlTitle('你好世界')).toBe('ni-hao-shi-jie');
    expect(urlTitle('学习React')).toBe('xue-xi-react');
    expect(urlTitle('绿色')).toBe('lv-se');
  });

  it('transliterates other scripts to ASCII', () => {
    expect(urlTitle('Привет, мир')).toBe('privet-mir');
    expect(urlTitle('Ελληνικά γράμματα')).toBe('ellinika-grammata');
    expect(urlTitle('Hello мир')).toBe('hello-mir');
  });

  it('keeps other scripts, escaped, when transliteration is off', () => {
    expect(urlTitle('Привет', { transliterate: false })).toBe(encodeURIComponent('привет'));
  });

  it('keeps Latin letters with accents, URL-escaped', () => {
    expect(urlTitle('Café crème')).toBe('caf%C3%A9-cr%C3%A8me');
    expect(decodeURIComponent(urlTitle('Ça va, Zoë?'))).toBe('ça-va-zoë');
  });

  it('removes emoji and other 4-byte characters', () => {
    expect(urlTitle('Emoji 😀 party 🎉!')).toBe('emoji-party');
    expect(urlTitle('Family 👨‍👩‍👧 time')).toBe('family-time');
  });

  it('folds compatibility forms such as full-width letters', () => {
    expect(urlTitle('ＴｙｐｅＳｃｒｉｐｔ　５')).toBe('typescript-5');
  });

  it('is "topic" when nothing is left', () => {
    expect(urlTitle('')).toBe('topic');
    expect(urlTitle('😀🎉')).toBe('topic');
    expect(urlTitle('?!...')).toBe('topic');
  });

  it('caps the result at 150 bytes', () => {
    const slug = urlTitle('word '.repeat(100));
    expect(bytes(slug)).toBeLessThanOrEqual(150);
    expect(slug).toMatch(/^word(-word)+$/);
    expect(urlTitle('a'.repeat(200))).toBe('a'.repeat(150));
  });

  it('never cuts a multi-byte character in two', () => {
    // Each é escapes to six bytes (%C3%A9): a cut must fall between two of them, not inside one.
    const slug = urlTitle(`x${'é'.repeat(100)}`);
    expect(bytes(slug)).toBeLessThanOrEqual(150);
    expect(slug).toBe(`x${'%C3%A9'.repeat(24)}`);
    expect(() => decodeURIComponent(slug)).not.toThrow();
    for (let n = 0; n < 160; n++) {
      const cut = urlTitle(`${'a'.repeat(n)}ü€`.repeat(5));
      expect(bytes(cut)).toBeLessThanOrEqual(150);
      expect(() => decodeURIComponent(cut)).not.toThrow();
    }
  });
});

describe('tagSlug', () => {
  it('lower-cases and turns spaces into hyphens', () => {
    expect(tagSlug('Machine Learning')).toBe('machine-learning');
    expect(tagSlug('  Spring   Boot  ')).toBe('spring-boot');
  });

  it('keeps the slug alphabet: a-z 0-9 + # - .', () => {
    expect(tagSlug('C++')).toBe('c++');
    expect(tagSlug('C#')).toBe('c#');
    expect(tagSlug('.NET Core')).toBe('.net-core');
    expect(tagSlug('Node.js')).toBe('node.js');
    expect(tagSlug('Q&A / FAQ')).toBe('qa-faq');
  });

  it('drops accents from Latin letters and leaves other scripts out', () => {
    expect(tagSlug('Café Crème')).toBe('cafe-creme');
    expect(tagSlug('Straße')).toBe('strasse');
    expect(tagSlug('数据库 SQL')).toBe('sql');
  });

  it("is '' when nothing valid remains", () => {
    expect(tagSlug('数据库')).toBe('');
    expect(tagSlug('   ')).toBe('');
    expect(tagSlug('😀')).toBe('');
  });

  it('has at most 35 characters and does not end on a hyphen', () => {
    expect(tagSlug('a'.repeat(50))).toBe('a'.repeat(35));
    expect(tagSlug(`${'a'.repeat(34)} b`)).toBe('a'.repeat(34));
  });
});
