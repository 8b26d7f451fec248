/**
 * The remaining member pages in Chromium (issue 21 item 5): unsubscribing from a notification mail's link (and a
 * link that is no longer valid), the terms of service and privacy policy (text, or the address the admin gave),
 * the error and maintenance pages the guards and calls lead to, and the login page loading without error toasts;
 * en_US and zh_CN, desktop and mobile screenshots.
 */

import { postsService } from '@agora/posts';
import { updateSettingsGroup } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { shoot } from './support/screens';
import { latestLinkCode } from './support/session';
import { startWebStack, type WebStack, webHarness } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const _API = '/answer/api/v1';

describe.skipIf(!chromiumPath() && !required)(
  'unsubscribe, legal and error pages in Chromium',
  { timeout: 180_000 },
  () => {
    let web: WebStack;
    let browser: Browser;

    const { call, tokenOf, open } = webHarness(() => web);
    const guestPage = async (language?: 'zh_CN') => {
      const context = await browser.newContext({ viewport: DESKTOP });
      if (language) {
        await context.addInitScript(
          (value) => localStorage.setItem('_a_lang_', JSON.stringify({ value, expires: Date.now() + 86_400_000 })),
          language,
        );
      }
      return context.newPage();
    };

    beforeAll(async () => {
      [web, browser] = await Promise.all([
        startWebStack({ services: [postsService, votesService, tagsService] }),
        launchChromium(),
      ]);
      await updateSettingsGroup(
        web.stack.service('site').context,
        {
          group: 'policies',
          values: {
            terms_of_service_original_text: 'Be **kind**.',
            terms_of_service_parsed_text: '<p>Be <strong>kind</strong>.</p>',
            privacy_policy_original_text: `${web.url}/questions`,
            privacy_policy_parsed_text: '',
          },
        } as never,
        null,
      );
    });

    afterAll(async () => {
      await browser?.close();
      await web?.close();
    });

    it('unsubscribes from a notification mail’s link, and says when a link is not valid', async () => {
      const asker = await createUser(web.stack, { name: 'Mail Asker' });
      const answerer = await createUser(web.stack, { name: 'Mail Answerer' });
      const moderator = await createUser(web.stack, { roleId: 3, name: 'Mail Moderator' });
      await web.stack.settle();
      const [askerToken, answererToken, moderatorToken] = [
        await tokenOf(asker),
        await tokenOf(answerer),
        await tokenOf(moderator),
      ];
      await call('PUT', 'user/notification/config', askerToken, { inbox: { key: 'email', enable: true } });
      await call('POST', 'question', moderatorToken, {
        title: 'Which tag do mail questions use?',
        content: 'The moderator brings the tag into use.',
        tags: [{ slug_name: 'mail' }],
      });
      await web.stack.settle();
      const question = await call('POST', 'question', askerToken, {
        title: 'Will I get a mail for an answer here?',
        content: 'The answer should send a mail to the asker.',
        tags: [{ slug_name: 'mail' }],
      });
      await web.stack.settle();
      await call('POST', 'answer', answererToken, {
        question_id: question.id,
        content: 'Here is the answer, by mail.',
      });
      await web.stack.settle();
      const code = await latestLinkCode(web.smtp, asker.email, '/users/unsubscribe');

      const page = await guestPage();
      await open(page, `/users/unsubscribe?code=${encodeURIComponent(code)}`);
      await page.getByTestId('unsubscribe-done').waitFor();
      expect((await call('GET', 'user/notification/config', askerToken)).inbox.enable).toBe(false);
      await shoot(page, 'unsubscribe');
      await open(page, '/users/unsubscribe?code=1.2.3.not-a-real-code');
      await page.getByTestId('unsubscribe-failed').waitFor();
      await shoot(page, 'unsubscribe-invalid');
      await page.context().close();
    });

    it('shows the terms of service, and sends the privacy policy to the address the admin gave', async () => {
      const page = await guestPage();
      await open(page, '/tos');
      await page.getByTestId('legal-tos').locator('strong', { hasText: 'kind' }).waitFor();
      await shoot(page, 'legal-tos');
      await open(page, '/privacy');
      await page.waitForURL(`${web.url}/questions`);
      await page.context().close();
      const zh = await guestPage('zh_CN');
      await open(zh, '/tos');
      await zh.getByRole('heading', { name: '服务条款' }).waitFor();
      await shoot(zh, 'legal-tos-zh_CN');
      await zh.context().close();
    });

    it('shows the error and maintenance pages with their texts and a way home', async () => {
      const page = await guestPage();
      for (const [path, testId, text] of [
        ['/403', 'error-page-403', 'HTTP error 403'],
        ['/50x', 'error-page-50X', 'HTTP error 500'],
        ['/no/such/page', 'error-page-404', 'HTTP error 404'],
        ['/users/no-such-member-here', 'error-page-404', 'HTTP error 404'],
      ] as const) {
        await open(page, path);
        await page.getByTestId(testId).getByText(text).waitFor();
        await page.getByTestId(testId).getByRole('link', { name: 'Back to homepage' }).waitFor();
      }
      await open(page, '/403');
      await shoot(page, 'error-403');
      await open(page, '/maintenance');
      await page.getByTestId('maintenance-page').waitFor();
      await shoot(page, 'maintenance');
      await page.context().close();
    });

    it('opens the login page without an error toast', async () => {
      const page = await guestPage();
      const missing: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 404) missing.push(response.url());
      });
      await open(page, '/users/login');
      await page.getByTestId('login-page').waitFor();
      await page.waitForTimeout(1500);
      expect(missing).toEqual([]);
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.context().close();
    });
  },
);
