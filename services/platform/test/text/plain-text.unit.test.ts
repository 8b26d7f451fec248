import { describe, expect, it } from 'vitest';
import { excerpt, excerptOfHtml, plainText, plainTextOfHtml } from '../../src/text/plain-text';
import { renderMarkdown } from '../../src/text/render';

describe('plainText', () => {
  it('keeps the words and drops the markup, on one line', () => {
    expect(plainText('# Title\n\nSome **bold** and [a link](https://x.example).\n\n- one\n- two')).toBe(
      'Title Some bold and a link. one two',
    );
  });

  it('keeps code and the characters HTML escapes', () => {
    expect(plainText('Use `a < b && c > "d"` here\n\n```js\nif (x) {}\n```')).toBe(
      'Use a < b && c > "d" here if (x) {}',
    );
    expect(plainText('Tom \\<3 Jerry & co')).toBe('Tom <3 Jerry & co');
  });

  it('separates table cells and leaves out scripts and tags', () => {
    expect(plainText('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('a b 1 2');
    expect(plainText('hi <script>alert(1)</script><b>there</b>')).toBe('hi there');
  });

  it('is empty for empty or markup-only input', () => {
    expect(plainText('')).toBe('');
    expect(plainText('---\n\n<br>')).toBe('');
  });
});

describe('excerpt', () => {
  it('returns short text whole', () => {
    expect(excerpt('Just **a** few words', 100)).toBe('Just a few words');
  });

  it('cuts on a word boundary and ends with an ellipsis, within the limit', () => {
    const text = 'The quick brown fox jumps over the lazy dog';
    expect(excerpt(text, 20)).toBe('The quick brown fox…');
    expect(excerpt(text, 12)).toBe('The quick…');
    for (let max = 1; max < text.length; max++) expect([...excerpt(text, max)].length).toBeLessThanOrEqual(max);
  });

  it('does not leave a comma or dash before the ellipsis', () => {
    expect(excerpt('First, second, third and more', 16)).toBe('First, second…');
  });

  it('cuts Chinese between words and a single long word between characters', () => {
    expect(excerpt('这是一个很长的中文句子用于测试摘要功能', 10)).toMatch(/^这是一个.*…$/);
    expect([...excerpt('这是一个很长的中文句子用于测试摘要功能', 10)].length).toBeLessThanOrEqual(10);
    expect(excerpt('Supercalifragilisticexpialidocious', 6)).toBe('Super…');
    expect(excerpt('😀😀😀😀😀😀', 4)).toBe('😀😀😀…');
  });

  it('gives nothing for a limit below one character', () => {
    expect(excerpt('words', 0)).toBe('');
  });
});

describe('excerptOfHtml', () => {
  it('gives the excerpt of the markdown the HTML was rendered from, without rendering it again', () => {
    const sources = [
      '# Title\n\nSome **bold** and [a link](https://x.example).\n\n- one\n- two',
      'Use `a < b && c > "d"` here\n\n```js\nif (x) {}\n```\n\nand then a much longer tail of words to cut',
      '如何在数据库里保存事件并且重建读取模型呢',
    ];
    for (const source of sources) {
      for (const max of [8, 20, 240]) expect(excerptOfHtml(renderMarkdown(source), max)).toBe(excerpt(source, max));
    }
    expect(excerptOfHtml('<p>Already <em>rendered</em></p>', 100)).toBe('Already rendered');
  });
});

describe('excerpt on random text', () => {
  /** The cut as first written: whole segments concatenated while they fit, code points counted by spreading. */
  function referenceExcerpt(text: string, maxChars: number) {
    if ([...text].length <= maxChars) return text;
    const fit = (granularity: 'word' | 'grapheme') => {
      let taken = '';
      for (const { segment } of new Intl.Segmenter(undefined, { granularity }).segment(text)) {
        if ([...taken].length + [...segment].length > maxChars - 1) break;
        taken += segment;
      }
      return taken;
    };
    let cut = fit('word');
    if (cut.trim() === '') cut = fit('grapheme');
    return `${cut.replace(/[\s,;:–—-]+$/u, '')}…`;
  }
  const pieces = ['word', ' ', 'longerword', ', ', '中文分词', '😀', 'é', 'e\u0301', '👍🏽', '-', '日本語', 'x'];

  it('cuts where whole segments stop fitting, counting code points, for any mix of scripts', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 500; run++) {
      const text = Array.from(
        { length: 1 + Math.floor(random() * 40) },
        () => pieces[Math.floor(random() * pieces.length)],
      )
        .join('')
        .trim();
      const max = 1 + Math.floor(random() * 60);
      const html = `<p>${text}</p>`;
      expect(excerptOfHtml(html, max), `${max}: ${text}`).toBe(referenceExcerpt(plainTextOfHtml(html), max));
    }
  });
});
