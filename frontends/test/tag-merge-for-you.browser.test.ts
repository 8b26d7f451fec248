/**
 * The tag page's Merge action and the question list's "For you" tab in Chromium (issue 42 item 5): a moderator
 * merges a tag into another with the tag picker and lands on /tags (a refusal is shown in the dialog); a member
 * without the power is not offered it; a member following tags and questions sees them under "For you", one
 * following nothing is told what to follow, an anonymous visitor has no such tab; en_US and zh_CN, desktop and
 * mobile screenshots (test-results/web/).
 */

import { Role } from '@agora/contracts';
import { postsService } from '@agora/posts';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage } from './support/members';
import { shoot } from './support/screens';
import { signedIn, waitForPath } from './support/session';
import { startWebStack, type WebStack, webHarness } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const _API = '/answer/api/v1';

describe.skipIf(!chromiumPath() && !required)('tag merge and "For you" in Chromium', { timeout: 180_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let moderator: Member;
  let reader: Member;
  let newcomer: Member;
  const titles = {
    followed: 'How do I read a followed question?',
    tagged: 'Which runtime runs this script?',
    merged: 'Why does this script tag look odd?',
    mine: 'A question the reader asked',
  };

  const { call, settle, open } = webHarness(() => web);
  const inChinese = async (context: BrowserContext) =>
    context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
  /** Picks a tag in the dialog's tag picker by typing its slug and choosing the suggestion. */
  const pick = async (page: Page, slug: string) => {
    const dialog = page.getByTestId('merge-dialog');
    await dialog.getByTestId('add-tag').click();
    await dialog.locator('input[name=tag_input]').fill(slug);
    await dialog.getByTestId('tag-suggestions').getByText(slug, { exact: true }).first().click();
    await dialog.getByTestId(`tag-chip-${slug}`).waitFor();
  };

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebStack({ services: [postsService, tagsService] }), launchChromium()]);
    moderator = await memberPage(browser, web.stack, { roleId: Role.moderator, name: 'Merge Moderator' });
    reader = await memberPage(browser, web.stack, { name: 'Reader Person' });
    newcomer = await memberPage(browser, web.stack, { name: 'New Person' });
    const asker = await createUser(web.stack, { name: 'Asking Person' });
    await settle();
    const [modToken, askerToken, readerToken] = [
      await login(web.stack, moderator),
      await login(web.stack, asker),
      await login(web.stack, reader),
    ];
    for (const [slug, name] of [
      ['javascript', 'JavaScript'],
      ['js', 'JS'],
      ['node', 'Node.js'],
      ['deno', 'Deno'],
      ['go', 'Go'],
    ]) {
      await call('POST', 'tag', modToken, { slug_name: slug, display_name: name });
    }
    const ask = async (token: string, title: string, tags: string[]) =>
      (
        await call('POST', 'question', token, {
          title,
          content: 'A question the browser test asks about its tags.',
          tags: tags.map((slug_name) => ({ slug_name })),
        })
      ).id as string;
    const followed = await ask(askerToken, titles.followed, ['go']);
    await ask(askerToken, titles.merged, ['js']);
    await ask(askerToken, titles.tagged, ['node']);
    await ask(readerToken, titles.mine, ['node']);
    await call('POST', 'follow', readerToken, { object_id: followed, is_cancel: false });
    await call('PUT', 'follow/tags', readerToken, { slug_name_list: ['node', 'js'] });
    await settle();
  });
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('merges a tag into another from its page, and lands on the tag list', async () => {
    const page = moderator.page;
    await open(page, '/tags/js');
    await page.getByTestId('tag-page').waitFor();
    await page.getByTestId('merge-tag').waitFor();
    await shoot(page, 'tag-merge-action');
    await page.getByTestId('merge-tag').click();
    await page.getByTestId('merge-dialog').getByText('Merge [JS] into another tag').waitFor();
    await pick(page, 'javascript');
    await shoot(page, 'tag-merge-dialog');
    await page.getByTestId('merge-confirm').click();
    await waitForPath(page, '/tags');
    await page.getByTestId('toasts').getByText('[JS] was merged into [JavaScript].').waitFor();
    await shoot(page, 'tag-merge-done');
    await settle();
    const js = await call('GET', 'tag?name=js', undefined);
    expect(js.main_tag_slug_name).toBe('javascript');
    // Its page now offers no merge: a synonym's main tag is the one to merge.
    await open(page, '/tags/js');
    await page.getByTestId('tag-page').waitFor();
    await page.getByTestId('follow-tag').waitFor();
    expect(await page.getByTestId('merge-tag').count()).toBe(0);
  });

  it('shows a refused merge in the dialog, and merges nothing', async () => {
    const page = moderator.page;
    await open(page, '/tags/deno');
    await page.getByTestId('merge-tag').click();
    await pick(page, 'deno');
    await page.getByTestId('merge-confirm').click();
    await page.getByTestId('merge-dialog').getByText('A tag cannot be merged into itself').waitFor();
    await shoot(page, 'tag-merge-refused');
    await page.getByTestId('merge-dialog').getByRole('button', { name: 'Cancel' }).click();
    expect((await call('GET', 'tag?name=deno', undefined)).main_tag_slug_name).toBe('');
  });

  it('offers no merge to a member without the power', async () => {
    const page = reader.page;
    await open(page, '/tags/deno');
    await page.getByTestId('follow-tag').waitFor();
    expect(await page.getByTestId('merge-tag').count()).toBe(0);
  });

  it('speaks zh_CN: the merge action and its dialog', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await inChinese(context);
    await signedIn(context, web.stack, moderator.email, moderator.password);
    const page = await context.newPage();
    await open(page, '/tags/deno');
    await page.getByTestId('merge-tag').getByText('合并').waitFor();
    await page.getByTestId('merge-tag').click();
    await page.getByTestId('merge-dialog').getByText('合并标签').waitFor();
    await shoot(page, 'tag-merge-dialog-zh_CN');
    await context.close();
  });

  it('lists followed questions and questions in followed tags under "For you"', async () => {
    const page = reader.page;
    await open(page, '/questions');
    await page.getByTestId('question-list').waitFor();
    await page.getByRole('button', { name: 'For you' }).click();
    await waitForPath(page, '/questions', '?sort=recommend');
    const rows = page.getByTestId('question-rows');
    await rows.getByText(titles.followed).waitFor();
    // The followed question first; then the newest in the followed tags (the merged one's followers follow its
    // target now); not the reader's own.
    await expect
      .poll(async () =>
        (await rows.locator(':scope > li').allTextContents()).map((text) =>
          Object.values(titles).find((t) => text.includes(t)),
        ),
      )
      .toEqual([titles.followed, titles.tagged, titles.merged]);
    await shoot(page, 'for-you');
  });

  it('tells a member who follows nothing what to follow, and has no tab for visitors', async () => {
    const page = newcomer.page;
    await open(page, '/questions?sort=recommend');
    await page.getByTestId('for-you-empty').getByText('Follow questions or tags').waitFor();
    await shoot(page, 'for-you-empty');
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const anonymous = await visitor.newPage();
    await open(anonymous, '/questions?sort=recommend');
    await anonymous.getByTestId('question-rows').getByText(titles.tagged).waitFor();
    expect(await anonymous.getByRole('button', { name: 'For you' }).count()).toBe(0);
    await visitor.close();
  });

  it('speaks zh_CN: the "For you" tab and its empty state', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await inChinese(context);
    await signedIn(context, web.stack, reader.email, reader.password);
    const page = await context.newPage();
    await open(page, '/questions');
    await page.getByRole('button', { name: '为你推荐' }).click();
    await page.getByTestId('question-rows').getByText(titles.followed).waitFor();
    await shoot(page, 'for-you-zh_CN');
    await context.close();
    const empty = await browser.newContext({ viewport: DESKTOP });
    await inChinese(empty);
    await signedIn(empty, web.stack, newcomer.email, newcomer.password);
    const emptyPage = await empty.newPage();
    await open(emptyPage, '/questions?sort=recommend');
    await emptyPage.getByTestId('for-you-empty').getByText('关注问题或标签').waitFor();
    await shoot(emptyPage, 'for-you-empty-zh_CN');
    await empty.close();
  });
});
