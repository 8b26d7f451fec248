import { renderMarkdown } from '@agora/platform';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../src/import/stackexchange/html-to-markdown';

/** The structure a reader sees, from HTML: code texts, list nesting, table cells, images, links, inline HTML. */
function structureOf(html: string) {
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  return {
    code: [...html.matchAll(/<pre[^>]*><code[^>]*>([\s\S]*?)<\/code><\/pre>/g)].map((m) =>
      decode(m[1] ?? '').replace(/\n$/, ''),
    ),
    lists: [...html.matchAll(/<\/?(ul|ol|li)\b/g)].map((m) => m[0]).join(''),
    cells: [...html.matchAll(/<(th|td)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => `${m[1]}:${decode(m[2] ?? '').trim()}`),
    images: [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]),
    links: [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => decode(m[1] ?? '')),
    inline: [...html.matchAll(/<(kbd|sup|sub|code)>([^<]*)<\/\1>/g)].map((m) => `${m[1]}:${decode(m[2] ?? '')}`),
    quotes: (html.match(/<blockquote>/g) ?? []).length,
  };
}

/** Converts, renders through Agora's renderer, and compares the structure with the source HTML's. */
function roundTrip(html: string) {
  const markdown = htmlToMarkdown(html);
  const rendered = renderMarkdown(markdown);
  return { markdown, rendered, from: structureOf(html), to: structureOf(rendered) };
}

describe('Stack Exchange HTML bodies as Markdown', () => {
  it('keeps a code block’s text, blank lines, backticks and language', () => {
    const html =
      '<p>Try this:</p>\n<pre class="lang-js prettyprint-override"><code>const a = 1 &lt; 2 &amp;&amp; b;\n\nif (a) {\n  ```not a fence```\n}\n</code></pre>\n<p>after</p>';
    const { markdown, rendered, from, to } = roundTrip(html);
    expect(to.code).toEqual(from.code);
    expect(to.code[0]).toContain('```not a fence```');
    expect(markdown).toMatch(/^````js$/m);
    expect(rendered).toContain('class="language-js"');
    expect(rendered).toContain('<p>after</p>');
  });

  it('keeps a <pre> without <code> as a code block', () => {
    const { to } = roundTrip('<pre>plain *pre* text\n  indented</pre>');
    expect(to.code).toEqual(['plain *pre* text\n  indented']);
  });

  it('keeps inline code, entities and text that looks like markup', () => {
    const html =
      '<p>Use <code>a &lt; b</code> &amp; write &lt;div&gt; and &amp;copy; &copy; *not em* _nor_ [x](y) 1. no list</p>';
    const { rendered, from, to } = roundTrip(html);
    expect(to.inline).toEqual(from.inline);
    expect(rendered).toContain('&lt;div&gt;');
    expect(rendered).toContain('&amp;copy; ©');
    expect(rendered).toContain('*not em* _nor_ [x](y) 1. no list');
    expect(rendered).not.toContain('<em>');
    expect(rendered).not.toContain('<a ');
  });

  it('keeps nested lists, bulleted and numbered, at their depth', () => {
    const html =
      '<ul>\n<li>one\n<ul>\n<li>two\n<ol>\n<li>three</li>\n<li>four</li>\n</ol></li>\n</ul></li>\n<li>five</li>\n</ul>\n<ol start="3">\n<li>third</li>\n<li>fourth</li>\n</ol>';
    const { rendered, from, to } = roundTrip(html);
    expect(to.lists).toEqual(from.lists);
    expect(rendered).toContain('<ol start="3">');
  });

  it('makes a table with a header row a GFM table with the same cells and alignment', () => {
    const html =
      '<table>\n<thead>\n<tr>\n<th>Name</th>\n<th style="text-align: right">Pipe | cell</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><code>x</code></td>\n<td>2</td>\n</tr>\n<tr>\n<td>*a*</td>\n<td>&lt;b&gt;</td>\n</tr>\n</tbody>\n</table>';
    const { markdown, rendered, to } = roundTrip(html);
    expect(markdown.split('\n')[0]).toBe('| Name | Pipe \\| cell |');
    expect(to.cells).toEqual(['th:Name', 'th:Pipe | cell', 'td:<code>x</code>', 'td:2', 'td:*a*', 'td:<b>']);
    expect(rendered).toContain('<th align="right">');
  });

  it('keeps a table GFM cannot write (no header row, merged cells) as HTML the renderer keeps', () => {
    const html = '<table><tr><td colspan="2">wide</td></tr><tr><td>a</td><td>b</td></tr></table>';
    const { to } = roundTrip(html);
    expect(to.cells).toEqual(['td:wide', 'td:a', 'td:b']);
  });

  it('keeps images, links with parentheses, <kbd>, <sup>, <sub> and blockquotes', () => {
    const html =
      '<p><img src="https://i.stack.imgur.com/abc.png" alt="a pic" title="the title"> see <a href="https://en.wikipedia.org/wiki/Foo_(bar)" rel="nofollow">Foo</a>, press <kbd>Ctrl</kbd>+<kbd>C</kbd>, x<sup>2</sup>, H<sub>2</sub>O</p>\n<blockquote>\n<p>quoted <strong>bold</strong> and <em>em</em></p>\n<blockquote><p>nested</p></blockquote>\n</blockquote>';
    const { rendered, from, to } = roundTrip(html);
    expect(to.images).toEqual(['https://i.stack.imgur.com/abc.png']);
    expect(to.links).toEqual(from.links);
    expect(to.inline).toEqual(['kbd:Ctrl', 'kbd:C', 'sup:2', 'sub:2']);
    expect(to.quotes).toBe(2);
    expect(rendered).toContain('<strong>bold</strong>');
    expect(rendered).toContain('<em>em</em>');
    expect(rendered).toContain('alt="a pic"');
  });

  it('keeps headings, rules, line breaks and strikethrough', () => {
    const rendered = renderMarkdown(htmlToMarkdown('<h2>Head</h2><p>a<br>b <del>gone</del></p><hr><p>end</p>'));
    expect(rendered).toContain('<h2>Head</h2>');
    expect(rendered).toMatch(/a<br \/>\s*b/);
    expect(rendered).toMatch(/<(s|del)>gone<\/(s|del)>/);
    expect(rendered).toContain('<hr />');
  });

  it('reads an empty body as empty text', () => {
    expect(htmlToMarkdown('')).toBe('');
    expect(htmlToMarkdown('  \n')).toBe('');
  });
});
