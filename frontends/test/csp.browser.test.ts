/**
 * The web app under the gateway's Content-Security-Policy (issue #17's proof, docs/adr/0040-security-headers.md):
 * the questions list, a question page (markdown with a table, code and an image) and the login page load
 * in Chromium with no violation — neither a `securitypolicyviolation` event in the page nor a CSP message
 * in the browser's log. Screenshots in test-results/web/.
 */
import { Role } from '@agora/contracts';
import { postsService } from '@agora/posts';
import { searchService } from '@agora/search';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { memberPage, PNG } from './support/members';
import { watchedPage } from './support/policy-watch';
import { shoot } from './support/screens';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const API = '/answer/api/v1';

describe.skipIf(!chromiumPath() && !required)(
  'the web app under its Content-Security-Policy',
  { timeout: 120_000 },
  () => {
    let web: WebStack;
    let browser: Browser;
    let questionPath = '';
    const stamp = Date.now().toString(36);
    const title = `Does the app run under its policy ${stamp}?`;

    beforeAll(async () => {
      [web, browser] = await Promise.all([
        startWebStack({
          services: [postsService, votesService, tagsService, searchService],
          env: { AGORA_SEARCH: 'postgres' },
        }),
        launchChromium(),
      ]);
      const moderator = await login(web.stack, await createUser(web.stack, { roleId: Role.moderator }));
      await web.stack.settle();
      const asked = await web.stack.call('POST', `${API}/question`, {
        token: moderator,
        body: {
          title,
          content: [
            'A body with a table whose columns are aligned, code and an image.',
            '',
            '| left | centre | right |',
            '| :--- | :---: | ---: |',
            '| a | b | c |',
            '',
            '```ts',
            'const policy = "strict";',
            '```',
            '',
            `![a pixel](data:image/png;base64,${PNG.toString('base64')})`,
          ].join('\n'),
          tags: [{ slug_name: `csp-${stamp}` }],
        },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      questionPath = `/questions/${asked.body.data.id}`;
      await web.stack.settle();
    });
    afterAll(async () => {
      await browser?.close();
      await web?.close();
    });

    it('reports a violation when the page breaks the policy (the watch works)', async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const watched = await watchedPage(context);
      await watched.page.goto(`${web.url}/users/login`);
      await watched.page.getByTestId('login-page').waitFor();
      await watched.page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true;';
        document.body.append(script);
      });
      await expect.poll(() => watched.violations()).not.toEqual([]);
      expect(
        await watched.page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan),
      ).toBeUndefined();
      await context.close();
    });

    it('loads the questions list and a question page, signed in, with no violation', async () => {
      const member = await memberPage(browser, web.stack, { rank: 200, name: 'Policy Reader' });
      const context = member.page.context();
      await member.page.close();
      const watched = await watchedPage(context);
      const { page } = watched;

      await page.goto(`${web.url}/questions`);
      await page.getByTestId('question-row').filter({ hasText: title }).waitFor();
      await shoot(page, 'csp-questions');
      expect(await watched.violations()).toEqual([]);

      await page.goto(`${web.url}${questionPath}`);
      await page.getByTestId('question-detail').waitFor();
      await page.locator('table').first().waitFor();
      await expect
        .poll(() => page.locator('img[alt="a pixel"]').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(1);
      // Emotion's <style> elements (MUI's styles, written at run time) are in the page.
      const styled = await page.evaluate(() => document.querySelectorAll('style[data-emotion]').length);
      expect(styled).toBeGreaterThan(0);
      await shoot(page, 'csp-question');
      expect(await watched.violations()).toEqual([]);
      await context.close();
    });

    it('loads the login page, signed out, with no violation', async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const watched = await watchedPage(context);
      await watched.page.goto(`${web.url}/users/login`);
      await watched.page.getByTestId('login-page').waitFor();
      await shoot(watched.page, 'csp-login');
      expect(await watched.violations()).toEqual([]);
      await context.close();
    });
  },
);
