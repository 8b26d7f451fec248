/**
 * The API reference page (/answer/api/docs, docs/adr/0009-api-reference.md) in Chromium under the gateway's
 * Content-Security-Policy: Swagger UI loads from the gateway's own files, reads the merged document and
 * shows every operation, with no policy violation (neither a `securitypolicyviolation` event nor a CSP
 * message in the browser's log) and no script error. Screenshots in test-results/web/.
 */
import type { AddressInfo } from 'node:net';
import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import { type Stack, startStack } from '@agora/test-support/stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { watchedPage } from './support/policy-watch';
import { shoot } from './support/screens';

/**
 * Scrolls the page down from its top half a window at a time until `look` answers true or the page ends. From
 * 150 rows (tags and operations) on, Swagger UI draws only the rows near the window (a virtualised list): a
 * reader, like this walk, sees the others as the page scrolls.
 */
async function scrollThrough(page: Page, look: () => Promise<boolean>): Promise<boolean> {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < 1000; step++) {
    // Two frames: the scroll is handled, then the rows it brings in are drawn.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    if (await look()) return true;
    const atEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );
    if (atEnd) return false;
    await page.evaluate(() => window.scrollBy(0, window.innerHeight / 2));
  }
  throw new Error('the page did not end');
}

/** The operations (`method path`) and the tags the page draws from its top to its end. */
async function drawnWhileScrolling(page: Page): Promise<{ operations: Set<string>; tags: Set<string> }> {
  const operations = new Set<string>();
  const tags = new Set<string>();
  await scrollThrough(page, async () => {
    const seen = await page.evaluate(() => ({
      operations: [...document.querySelectorAll('.opblock')].map(
        (block) =>
          `${block.querySelector('.opblock-summary-method')?.textContent?.toLowerCase()} ${block.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
      ),
      tags: [...document.querySelectorAll('.opblock-tag')].map((tag) => tag.getAttribute('data-tag') ?? ''),
    }));
    for (const operation of seen.operations) operations.add(operation);
    for (const tag of seen.tags) tags.add(tag);
    return false;
  });
  return { operations, tags };
}

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';

describe.skipIf(!chromiumPath() && !required)(
  'the API reference page under the Content-Security-Policy',
  { timeout: 120_000 },
  () => {
    let stack: Stack;
    let browser: Browser;
    let url = '';

    beforeAll(async () => {
      [stack, browser] = await Promise.all([
        startStack({ services: [siteService, identityService, postsService] }),
        launchChromium(),
      ]);
      await stack.gateway.listen({ host: '127.0.0.1', port: 0 });
      url = `http://127.0.0.1:${(stack.gateway.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await browser?.close();
      await stack?.close();
    });

    it('reports a violation when the page breaks the policy (the watch works)', async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const watched = await watchedPage(context);
      await watched.page.goto(`${url}/answer/api/docs`);
      await watched.page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true;';
        document.body.append(script);
      });
      await expect.poll(() => watched.violations()).not.toEqual([]);
      await context.close();
    });

    it('shows every operation of the document, with no violation and no script error', async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const watched = await watchedPage(context);
      const { page } = watched;
      const response = await page.goto(`${url}/answer/api/docs`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.locator('.swagger-ui .info .title').filter({ hasText: 'Agora API' }).waitFor();
      const document = (await (await fetch(`${url}/answer/api/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const operations = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method} ${path}`),
      );
      expect(operations.length).toBeGreaterThan(40);
      await page.locator('.opblock').first().waitFor();
      const drawn = await drawnWhileScrolling(page);
      expect([...drawn.operations].sort()).toEqual([...operations].sort());
      expect([...drawn.tags].sort()).toEqual(['identity', 'posts', 'site']);
      // An operation far down the list opens with its parameters and its security lock.
      const ask = page.locator('#operations-posts-post_answer_api_v1_question');
      expect(await scrollThrough(page, async () => (await ask.count()) > 0)).toBe(true);
      await ask.locator('.opblock-summary').click();
      await ask.locator('.opblock-body').waitFor();
      await expect(ask.locator('.authorization__btn').count()).resolves.toBe(1);
      await shoot(page, 'api-reference');
      expect(await watched.violations()).toEqual([]);
      expect(watched.errors).toEqual([]);
      await context.close();
    });
  },
);
