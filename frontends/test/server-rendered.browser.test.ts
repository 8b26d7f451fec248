/**
 * Server-rendered question and tag pages in Chromium (issue 26's proof; docs/adr/0066-server-rendered-public-pages.md):
 * the page arrives with its content, the browser hydrates it without a hydration mismatch and it is
 * interactive; the same page in zh_CN when that is the site's language. Screenshots in test-results/web/.
 */
import path from 'node:path';
import { defaultSiteSettings, Role } from '@agora/contracts';
import { postsService } from '@agora/posts';
import { updateSettingsGroup } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../root/src/server/render-page';
import { chromiumPath, launchChromium } from './support/browser';
import { memberPage } from './support/members';
import { shoot } from './support/screens';
import { startWebStack, WEB_ROOT, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const API = '/answer/api/v1';

describe.skipIf(!chromiumPath() && !required)(
  'server-rendered question pages in Chromium',
  { timeout: 180_000 },
  () => {
    let web: WebStack;
    let browser: Browser;
    let questionId = '';
    const title = `Does the server-rendered page hydrate ${Date.now().toString(36)}`;

    beforeAll(async () => {
      [web, browser] = await Promise.all([
        startWebStack({
          services: [postsService, votesService, tagsService],
          pages: createPageRenderer(path.join(WEB_ROOT, 'index.html')),
        }),
        launchChromium(),
      ]);
      const asker = await login(web.stack, await createUser(web.stack, { roleId: Role.moderator }));
      const answerer = await login(web.stack, await createUser(web.stack, { name: 'Hydration Answerer' }));
      // Every service has heard of the new members before they post.
      await web.stack.settle();
      const ask = await web.stack.call('POST', `${API}/question`, {
        token: asker,
        body: { title, content: 'Its body is in the HTML before any script runs.', tags: [{ slug_name: 'ssr' }] },
      });
      questionId = ask.body.data.id;
      await web.stack.call('POST', `${API}/answer`, {
        token: answerer,
        body: { question_id: questionId, content: 'An answer drawn on the server and hydrated in the browser.' },
      });
      await web.stack.settle();
    });
    afterAll(async () => {
      await browser?.close();
      await web?.close();
    });

    /** Opens the page and collects what the console says while it hydrates. */
    async function openWatched(locale: string) {
      const context = await browser.newContext({ locale });
      // Pictures from outside are out of reach on a test machine; refused at once, they fail the same way on every
      // machine instead of waiting on a lookup that may take seconds.
      await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('internetdisconnected'));
      const page = await context.newPage();
      // The server's heading, kept before any script runs: hydration adopts that very node, a fresh render replaces it.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
        });
      });
      const messages: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
      });
      page.on('pageerror', (error) => messages.push(error.message));
      return { page, messages, close: () => context.close() };
    }

    async function hydrated(page: Page) {
      await page.getByTestId('question-detail').waitFor();
      // Hydrated and its live stream open (a stream keeps the network from ever going idle).
      await page.locator('[data-testid=question-detail][data-live=open]').waitFor();
      await page.waitForLoadState('load');
      const adopted = await page.evaluate(() => {
        const kept = (window as unknown as { serverHeading: Element | null }).serverHeading;
        return kept !== null && kept === document.querySelector('h1') && kept.isConnected;
      });
      expect(adopted, 'the server-rendered heading is the one on the page after hydration').toBe(true);
      // The authors' pictures (gravatar, out of reach here) failed while the page loaded, some before React listened:
      // each shows its name's initial instead of a broken image.
      const author = page.getByTestId('question').locator('.ag-avatar');
      await expect.poll(() => author.locator('img').count(), { timeout: 10_000 }).toBe(0);
      expect(await author.textContent()).toMatch(/^[A-Z]$/);
      // The share menu opens only once React owns the markup.
      await page.getByTestId('share-button').first().click();
      await page.getByRole('menuitem').first().waitFor();
      await page.keyboard.press('Escape');
    }

    it('arrives rendered, hydrates without a mismatch and is interactive', async () => {
      const html = await (await fetch(`${web.url}/questions/${questionId}`)).text();
      expect(html).toContain(`${title}</h1>`);
      expect(html).toContain('An answer drawn on the server and hydrated in the browser.');
      const { page, messages, close } = await openWatched('en-US');
      try {
        await page.goto(`${web.url}/questions/${questionId}`);
        await hydrated(page);
        expect(await page.locator('h1').textContent()).toBe(title);
        // Sorting the answers is a client navigation of the hydrated page.
        await page.getByRole('button', { name: 'Newest' }).click();
        await page.waitForURL(/order=created/);
        await shoot(page, 'ssr-question-en');
        expect(messages.filter((m) => /hydrat|did not match|server rendered HTML/i.test(m))).toEqual([]);
      } finally {
        await close();
      }
    });

    it("shows a signed-in member their own state over the visitor's page", async () => {
      const voter = await memberPage(browser, web.stack, { rank: 200, name: 'Voting Member' });
      const token = await login(web.stack, voter);
      const vote = await web.stack.call('POST', `${API}/vote/up`, {
        token,
        body: { object_id: questionId, is_cancel: false },
      });
      expect(vote.status).toBe(200);
      await web.stack.settle();
      try {
        await voter.page.goto(`${web.url}/questions/${questionId}`);
        await voter.page.locator('[data-testid="question"] [data-testid="vote-up"][aria-pressed="true"]').waitFor();
      } finally {
        await voter.page.context().close();
      }
    });

    it("hydrates a tag's server-rendered page and its question list stays interactive", async () => {
      const html = await (await fetch(`${web.url}/tags/ssr`)).text();
      expect(html).toContain('data-testid="tag-page"');
      expect(html).toContain(title);
      const { page, messages, close } = await openWatched('en-US');
      try {
        await page.goto(`${web.url}/tags/ssr`);
        await page.getByTestId('tag-page').waitFor();
        await page.waitForLoadState('networkidle');
        const adopted = await page.evaluate(() => {
          const kept = (window as unknown as { serverHeading: Element | null }).serverHeading;
          return kept !== null && kept === document.querySelector('h1') && kept.isConnected;
        });
        expect(adopted, 'the server-rendered heading is the one on the page after hydration').toBe(true);
        expect(await page.locator('h1').textContent()).toBe('Questions tagged [ssr]');
        // Sorting the tag's questions is a client navigation of the hydrated page.
        await page.getByRole('button', { name: 'Newest' }).click();
        await page.waitForURL(/sort=newest/);
        await page.getByTestId('question-rows').getByText(title).waitFor();
        await shoot(page, 'ssr-tag-en');
        expect(messages.filter((m) => /hydrat|did not match|server rendered HTML/i.test(m))).toEqual([]);
      } finally {
        await close();
      }
    });

    it('is drawn in the site language (zh_CN) on the server and hydrates in it', async () => {
      const site = web.stack.service('site').context;
      const defaults = defaultSiteSettings('http://agora.test').interface;
      await updateSettingsGroup(
        site,
        { group: 'interface', values: { ...defaults, language: 'zh_CN' } } as never,
        null,
      );
      await web.stack.settle();
      const { page, messages, close } = await openWatched('zh-CN');
      try {
        await page.goto(`${web.url}/questions/${questionId}`);
        await hydrated(page);
        expect(await page.getByTestId('answer-count').textContent()).toMatch(/回答|答案/);
        await shoot(page, 'ssr-question-zh');
        expect(messages.filter((m) => /hydrat|did not match|server rendered HTML/i.test(m))).toEqual([]);
      } finally {
        await close();
        await updateSettingsGroup(site, { group: 'interface', values: defaults } as never, null);
      }
    });
  },
);
