/**
 * Reactions and linked questions on Agora's question page, in Chromium against posts, votes and tags
 * (issue #19's proof): a member reacts under an answer and under the question from the picker, sees the
 * count and who reacted in the chip's tooltip, takes a reaction back; another member's reaction joins the
 * tooltip; the sidebar lists the questions that link to this one and those it links to. Screenshots at
 * desktop and mobile widths, en_US and zh_CN (test-results/web/).
 */
import { Role } from '@agora/contracts';
import { postsService } from '@agora/posts';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage } from './support/members';
import { shoot } from './support/screens';
import { signedIn } from './support/session';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const API = '/answer/api/v1';

describe.skipIf(!chromiumPath() && !required)(
  'reactions and linked questions in Chromium',
  { timeout: 120_000 },
  () => {
    let web: WebStack;
    let browser: Browser;
    let reactor: Member;
    let tokens: { asker: string; answerer: string; fan: string };
    let fanName: string;
    const stamp = Date.now().toString(36);
    const ids = { target: '', answer: '', linking: '', answered: '', linkedTo: '' };

    const call = async (method: string, url: string, token: string, body?: unknown) => {
      const response = await web.stack.call(method, `${API}/${url}`, { token, body });
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.data;
    };
    const ask = async (token: string, title: string, content: string) =>
      (await call('POST', 'question', token, { title, content, tags: [{ slug_name: `linking-${stamp}` }] }))
        .id as string;

    beforeAll(async () => {
      [web, browser] = await Promise.all([
        startWebStack({ services: [postsService, votesService, tagsService] }),
        launchChromium(),
      ]);
      const stack = web.stack;
      const asker = await createUser(stack, { roleId: Role.moderator, name: 'Asker Person' });
      const answerer = await createUser(stack, { name: 'Answer Person' });
      const fan = await createUser(stack, { name: 'Second Fan' });
      fanName = 'Second Fan';
      await stack.settle();
      tokens = {
        asker: await login(stack, asker),
        answerer: await login(stack, answerer),
        fan: await login(stack, fan),
      };
      reactor = await memberPage(browser, stack, { name: 'Reacting Member' });

      ids.linkedTo = await ask(tokens.asker, `An older question the target links to ${stamp}`, 'Background reading.');
      ids.target = await ask(
        tokens.asker,
        `How do reactions and links show on a question page ${stamp}?`,
        `A question whose page shows reactions, with a link to [an older one](/questions/${ids.linkedTo}).`,
      );
      ids.answer = (
        await call('POST', 'answer', tokens.answerer, {
          question_id: ids.target,
          content: 'Reactions show under each post, and links in the sidebar.',
        })
      ).info.id;
      ids.linking = await ask(
        tokens.asker,
        `A later question that links to the target ${stamp}`,
        `Follow-up of http://agora.test/questions/${ids.target}/how-do-reactions-show, asked again.`,
      );
      ids.answered = await ask(tokens.answerer, `A question whose answer links to the target ${stamp}`, 'Where is it?');
      await call('POST', 'answer', tokens.asker, {
        question_id: ids.answered,
        content: `It is answered at [this question](/questions/${ids.target}).`,
      });
    });
    afterAll(async () => {
      await browser?.close();
      await web?.close();
    });

    const open = async (page: Page) => {
      await page.goto(`${web.url}/questions/${ids.target}`);
      await page.getByTestId('question-detail').waitFor();
    };
    const answerOf = (page: Page) => page.locator(`[data-answer-id="${ids.answer}"]`);

    it('reacts under an answer and the question from the picker, and shows who reacted', async () => {
      const page = reactor.page;
      await open(page);
      const answer = answerOf(page);
      await answer.getByTestId('add-reaction').click();
      await page.getByTestId('reaction-picker').getByTestId('reaction-choice-heart').click();
      const heart = answer.getByTestId('reaction-heart');
      await expect.poll(() => heart.getAttribute('data-active')).toBe('true');
      expect(await heart.textContent()).toBe('1');
      await answer.getByTestId('add-reaction').click();
      await page.getByTestId('reaction-picker').getByTestId('reaction-choice-smile').click();
      await expect.poll(() => answer.getByTestId('reaction-smile').getAttribute('data-active')).toBe('true');

      // The question's own reactions are its own.
      const question = page.getByTestId('question');
      await question.getByTestId('add-reaction').click();
      await page.getByTestId('reaction-picker').getByTestId('reaction-choice-frown').click();
      await expect.poll(() => question.getByTestId('reaction-frown').getAttribute('data-active')).toBe('true');
      expect(await question.getByTestId('reaction-heart').count()).toBe(0);

      // Pressing a chip takes the reaction back; the chip goes with the last reaction.
      await answer.getByTestId('reaction-smile').click();
      await answer.getByTestId('reaction-smile').waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await call('GET', `meta/reaction?object_id=${ids.answer}`, tokens.fan)).reaction_summary)
        .toEqual([{ emoji: 'heart', count: 1, is_active: false, tooltip: 'Reacting Member' }]);

      // Another member's heart joins: after a reload the chip counts two and its tooltip names both.
      await call('PUT', 'meta/reaction', tokens.fan, { object_id: ids.answer, emoji: 'heart', reaction: 'activate' });
      await open(page);
      await expect.poll(() => answerOf(page).getByTestId('reaction-heart').textContent()).toBe('2');
      await answerOf(page).getByTestId('reaction-heart').hover();
      await page.getByRole('tooltip', { name: `Reacting Member, ${fanName}` }).waitFor();
      expect(await page.locator('[data-testid=reaction-heart][aria-pressed=true]').count()).toBe(1);
    });

    it('lists the questions linking to this one and linked from it in the sidebar', async () => {
      const page = reactor.page;
      await open(page);
      const card = page.getByTestId('linked-questions');
      await card.getByRole('heading', { name: 'Linked questions' }).waitFor();
      const titles = await card.getByTestId('linked-questions-item').allTextContents();
      expect(titles.map((t) => t.replace(/^\d+/, ''))).toEqual([
        `A question whose answer links to the target ${stamp}`,
        `A later question that links to the target ${stamp}`,
        `An older question the target links to ${stamp}`,
      ]);
      await card.getByRole('link', { name: `A later question that links to the target ${stamp}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`/questions/${ids.linking}`));
      await page
        .getByTestId('linked-questions')
        .getByRole('link', { name: /How do reactions and links show/ })
        .waitFor();

      await open(page);
      await answerOf(page).getByTestId('reaction-heart').hover();
      await page.getByRole('tooltip').waitFor();
      await shoot(page, 'question-reactions-linked');
    });

    it('shows them in zh_CN', async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      await signedIn(context, web.stack, reactor.email, reactor.password);
      await context.addInitScript(() =>
        localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
      );
      const page = await context.newPage();
      try {
        await open(page);
        await page.getByTestId('linked-questions').getByRole('heading', { name: '关联问题' }).waitFor();
        const answer = answerOf(page);
        await expect.poll(() => answer.getByTestId('reaction-heart').getAttribute('aria-label')).toBe('喜爱：2');
        await answer.getByTestId('add-reaction').click();
        await page.getByTestId('reaction-picker').getByRole('button', { name: '微笑' }).waitFor();
        await page.keyboard.press('Escape');
        // The picker gives the focus back to its button, whose tooltip would cover the chip's.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await answer.getByTestId('reaction-heart').hover();
        await page.getByRole('tooltip', { name: `Reacting Member、${fanName}` }).waitFor();
        await shoot(page, 'question-reactions-linked-zh_CN');
      } finally {
        await context.close();
      }
    });
  },
);
