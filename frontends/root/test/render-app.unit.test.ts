import { createElement, lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp, synchronously } from '../src/server/render-app';

/** A screen loaded on demand, as the route tables load theirs; loaded when the test says so. */
let loadScreen: () => void = () => undefined;
const screenModule = new Promise<{ default: () => ReturnType<typeof createElement> }>((resolve) => {
  loadScreen = () => resolve({ default: () => createElement('p', { className: 'screen' }, 'the screen') });
});
const Screen = lazy(() => screenModule);
const LazyApp = () => createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(Screen));

const Broken = () => {
  throw new Error('a broken part');
};
const BrokenApp = () => createElement(Suspense, { fallback: 'loading' }, createElement(Broken));

const page = { href: '/questions', language: 'en_US', nonce: 'n0nce' };

describe('the server render of an application (docs/adr/0083-plain-post-parts.md)', () => {
  it('waits for a lazy screen on the first page, then writes the same page synchronously', async () => {
    // Not loaded yet: the synchronous renderer would leave the screen to the browser.
    expect(synchronously(createElement(LazyApp))).toBeNull();
    setTimeout(loadScreen, 20);
    const first = await renderApp(LazyApp, page, []);
    expect(first.html).toContain('<p class="screen">the screen</p>');
    expect(first.html).not.toContain('loading');
    expect(synchronously(createElement(LazyApp))).toContain('<p class="screen">the screen</p>');
    const second = await renderApp(LazyApp, page, []);
    expect(second.html).toBe(first.html);
  });

  it('fails a page whose part throws, rather than sending it half drawn', async () => {
    expect(synchronously(createElement(BrokenApp))).toBeNull();
    await expect(renderApp(BrokenApp, page, [])).rejects.toThrow('the server render of the page failed');
  });
});
