import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/text/render';
import { expectSafe } from './html-safety';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, strikethrough and paragraphs', () => {
    expect(renderMarkdown('# Title\n\n## Sub\n\nSome *em*, **strong**, ~~gone~~ and `code`.')).toBe(
      '<h1>Title</h1>\n<h2>Sub</h2>\n<p>Some <em>em</em>, <strong>strong</strong>, <s>gone</s> and <code>code</code>.</p>\n',
    );
  });

  it('renders lists, including an ordered list that starts elsewhere', () => {
    expect(renderMarkdown('- a\n- b\n\n3. c\n4. d')).toBe(
      '<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>\n',
    );
  });

  it('keeps the language class of fenced code and escapes its content', () => {
    expect(renderMarkdown('```ts\nconst a = 1 < 2 && "x";\n```')).toBe(
      '<pre><code class="language-ts">const a = 1 &lt; 2 &amp;&amp; "x";\n</code></pre>\n',
    );
    expect(renderMarkdown('```c++\nint x;\n```')).toContain('<code class="language-c++">');
    expect(renderMarkdown('    indented\n')).toBe('<pre><code>indented\n</code></pre>\n');
  });

  it('renders GFM tables with alignment', () => {
    expect(renderMarkdown('| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th align="left">a</th>\n<th align="center">b</th>\n<th align="right">c</th>\n</tr>\n</thead>\n' +
        '<tbody>\n<tr>\n<td align="left">1</td>\n<td align="center">2</td>\n<td align="right">3</td>\n</tr>\n</tbody>\n</table>\n',
    );
  });

  it('renders links, autolinks and bare URLs with rel', () => {
    const rel = 'rel="nofollow noopener noreferrer"';
    expect(renderMarkdown('[Agora](https://agora.example "home")')).toBe(
      `<p><a href="https://agora.example" title="home" ${rel}>Agora</a></p>\n`,
    );
    expect(renderMarkdown('see https://a.example/x?y=1, www.b.example and <mailto:c@d.example>')).toBe(
      `<p>see <a href="https://a.example/x?y=1" ${rel}>https://a.example/x?y=1</a>, ` +
        `<a href="https://www.b.example" ${rel}>www.b.example</a> and <a href="mailto:c@d.example" ${rel}>mailto:c@d.example</a></p>\n`,
    );
    expect(renderMarkdown('readme.md and node.js are not links')).toBe('<p>readme.md and node.js are not links</p>\n');
  });

  it('renders images, quotes, rules and details', () => {
    expect(renderMarkdown('![alt](/files/a.png "t")')).toBe('<p><img src="/files/a.png" alt="alt" title="t" /></p>\n');
    expect(renderMarkdown('> quoted\n\n---')).toBe('<blockquote>\n<p>quoted</p>\n</blockquote>\n<hr />\n');
    expect(renderMarkdown('<details><summary>More</summary>\n\nHidden *text*\n\n</details>')).toBe(
      '<details><summary>More</summary>\n<p>Hidden <em>text</em></p>\n</details>',
    );
  });

  it('follows CommonMark on line breaks', () => {
    expect(renderMarkdown('one\ntwo')).toBe('<p>one\ntwo</p>\n');
    expect(renderMarkdown('one  \ntwo')).toBe('<p>one<br />\ntwo</p>\n');
  });

  it('always produces safe HTML for ordinary content', () => {
    expectSafe(
      renderMarkdown('# T\n\n- [a](https://x.example)\n\n```js\nx\n```\n\n| a |\n|---|\n| b |\n\n![i](/x.png)'),
    );
  });

  it('renders empty input as empty output', () => {
    expect(renderMarkdown('')).toBe('');
  });
});
