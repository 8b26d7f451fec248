import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/text/render';
import { expectSafe } from './html-safety';

const vectors = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(1)">',
  '<img src="vbscript:msgbox(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src=" data:text/html,<script>alert(1)</script>">',
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](javascript&#58;alert(1))',
  '![x](javascript:alert(1))',
  '<javascript:alert(1)>',
  '[x]\n\n[x]: javascript:alert(1)',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="&#0000106avascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<a href="data:image/png;base64,AAAA">x</a>',
  '<a href="#" onmouseover="alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<details open ontoggle=alert(1)><summary>s</summary>x</details>',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<textarea></textarea/><img src=x onerror=alert(1)>',
  '<svg><textarea><img src=x onerror=alert(1)></textarea></svg>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<template><img src=x onerror=alert(1)></template>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<a href="https://ok.example" target="_blank" onclick="alert(1)">x</a>',
  '```" onmouseover="alert(1)\ncode\n```',
  '<code class="language-js x" onclick="alert(1)">c</code>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
];

describe('sanitiser', () => {
  it.each(vectors)('leaves nothing executable in %j', (vector) => {
    const html = renderMarkdown(vector);
    expectSafe(html);
    expect(html).not.toMatch(/<script|<style|<iframe|<object|<embed|<form|<svg|<math|\son\w+=/i);
  });

  it('drops the content of script and style elements, not just the tags', () => {
    const html = renderMarkdown('before <script>alert("hi")</script> <style>p{color:red}</style> after');
    expect(html).not.toContain('alert');
    expect(html).not.toContain('color:red');
    expect(html).toContain('before');
    expect(html).toContain('after');
  });

  it('keeps raster data images but drops other data URLs', () => {
    expect(renderMarkdown('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">')).toContain(
      'src="data:image/png;base64,iVBORw0KGgo="',
    );
    expect(renderMarkdown('![dot](data:image/webp;base64,UklGRg==)')).toContain(
      'src="data:image/webp;base64,UklGRg=="',
    );
    expect(renderMarkdown('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).not.toContain('<img');
    expect(renderMarkdown('<a href="data:image/png;base64,AAAA">x</a>')).not.toContain('href');
  });

  it('gives every link rel="nofollow noopener noreferrer" and no target', () => {
    const html = renderMarkdown(
      '<a href="https://ok.example" target="_blank" rel="opener">x</a> [y](https://y.example)',
    );
    expect(html).toBe(
      '<p><a href="https://ok.example" rel="nofollow noopener noreferrer">x</a> ' +
        '<a href="https://y.example" rel="nofollow noopener noreferrer">y</a></p>\n',
    );
  });

  it('keeps allowed raw HTML and drops the rest, keeping its text', () => {
    const html = renderMarkdown(
      'Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, x<sup>2</sup>, H<sub>2</sub>O, <span class="x">plain</span>',
    );
    expect(html).toBe('<p>Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, x<sup>2</sup>, H<sub>2</sub>O, plain</p>\n');
  });

  it('only keeps language classes on code', () => {
    expect(renderMarkdown('<code class="language-rust">x</code>')).toBe(
      '<p><code class="language-rust">x</code></p>\n',
    );
    expect(renderMarkdown('<code class="evil">x</code>')).toBe('<p><code>x</code></p>\n');
    expect(renderMarkdown('<p class="language-js">x</p>')).toBe('<p>x</p>');
  });
});
