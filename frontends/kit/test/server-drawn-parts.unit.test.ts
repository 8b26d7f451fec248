import { QueryClient } from '@tanstack/react-query';
import { type ComponentProps, createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../src/api/query-keys';
import type { CommentItem } from '../src/api/wire';
import { AppProviders } from '../src/app/providers';
import { CommentList } from '../src/comments/comment-list';
import { MarkdownEditor } from '../src/editor/lazy-editor';
import { usePermalink } from '../src/site/site-facts';

/** What the server draws of `element` in the providers, from a cache holding the site's settings and `data`. */
function drawnOnServer(element: ReactNode, data: [readonly unknown[], unknown][] = []) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.siteInfo(), { interface: { time_zone: 'UTC' }, site_seo: { permalink: 3 } });
  for (const [key, value] of data) client.setQueryData(key, value);
  // Every query hook makes an observer, which finds its query through `build` (a read of the cache does not).
  const build = vi.spyOn(client.getQueryCache(), 'build');
  const markup = renderToString(
    createElement(AppProviders, { client } as ComponentProps<typeof AppProviders>, element),
  );
  const observed = (key: readonly unknown[]) =>
    build.mock.calls.filter(([, options]) => JSON.stringify(options.queryKey) === JSON.stringify(key)).length;
  return { markup, observed };
}

const comment = (id: string, text: string): CommentItem =>
  ({
    comment_id: id,
    object_id: '10010000000000000001',
    user_id: '1',
    username: 'ada',
    user_display_name: 'Ada',
    parsed_text: `<p>${text}</p>`,
    original_text: text,
    created_at: 1_700_000_000,
    vote_count: 0,
    is_vote: false,
    member_actions: [],
  }) as unknown as CommentItem;

/** A question link's reading of the permalink setting. */
const Probe = () => createElement('span', null, `permalink ${usePermalink()}`);

describe('parts a page draws per post, on the server (docs/adr/0083-plain-post-parts.md)', () => {
  it("draws a post's comments from the page's reads without a query observer, with the way to more", () => {
    const objectId = '10010000000000000001';
    const key = queryKeys.comments(objectId);
    const pages = {
      pages: [{ count: 5, list: [comment('1', 'first remark'), comment('2', 'second remark')] }],
      pageParams: [1],
    };
    const { markup, observed } = drawnOnServer(createElement(CommentList, { objectId, onReport: () => {} }), [
      [key, pages],
    ]);
    expect(markup).toContain('first remark');
    expect(markup).toContain('second remark');
    expect(markup.match(/data-testid="comment"/g)).toHaveLength(2);
    // Three of five are not loaded yet: the button to show them is there, as the live list draws it.
    expect(markup).toMatch(/<button[^>]*>[^<]*3/);
    expect(observed(key)).toBe(0);
  });

  it('reads the question links’ form from the providers, not from a query per link', () => {
    const { markup, observed } = drawnOnServer(
      createElement('div', null, createElement(Probe, { key: 1 }), createElement(Probe, { key: 2 })),
    );
    expect(markup.match(/permalink 3/g)).toHaveLength(2);
    // The providers' own read of the settings, and no other: as many as with no link at all.
    const alone = drawnOnServer(createElement('div')).observed(queryKeys.siteInfo());
    expect(alone).toBeGreaterThan(0);
    expect(observed(queryKeys.siteInfo())).toBe(alone);
  });

  it('leaves the markdown editor to the browser: the server draws its placeholder', async () => {
    const editor = createElement(MarkdownEditor, { value: 'draft', onChange: () => {} });
    // Once its code has loaded (a server that has drawn pages before), as well as before.
    drawnOnServer(editor);
    await import('../src/editor/markdown-editor');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const { markup } = drawnOnServer(editor);
    expect(markup).not.toContain('<textarea');
    expect(markup).toContain('MuiSkeleton');
  });
});
