import { defaultSiteSettings, toSiteInfo } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { headTags, scriptJson } from '../src/server/page-head';

const site = toSiteInfo(defaultSiteSettings('https://qa.example/'), { version: '1', revision: 'r' });

describe('the head of a server-rendered page', () => {
  it('escapes what members wrote in every tag, and puts the site URL in front of the canonical path', () => {
    const html = headTags(
      {
        title: 'Why "quotes" & <tags>?',
        description: "It's <b>bold</b>",
        canonicalPath: '/questions/1',
        type: 'article',
      },
      site,
    );
    expect(html).toContain('<title>Why &quot;quotes&quot; &amp; &lt;tags&gt;? - Agora</title>');
    expect(html).toContain('<meta name="description" content="It&#39;s &lt;b&gt;bold&lt;/b&gt;" />');
    expect(html).toContain('<link rel="canonical" href="https://qa.example/questions/1" />');
    expect(html).toContain('<meta property="og:url" content="https://qa.example/questions/1" />');
    expect(html).not.toContain('<b>');
  });

  it('writes JSON-LD that no text can close early', () => {
    const html = headTags(
      {
        title: 't',
        description: 'd',
        canonicalPath: '/',
        type: 'website',
        structuredData: { name: '</script><script>alert(1)</script>' },
      },
      site,
    );
    const scripts = html.match(/<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    const json = /<script type="application\/ld\+json">(.*)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
    expect(scriptJson('\u2028<')).toBe('"\\u2028\\u003c"');
  });
});
