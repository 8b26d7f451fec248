/**
 * The review screen in Chromium (issue 20 item 6): a member without the right to edit others' answers directly
 * suggests an edit; a moderator sees it at /review beside the answer, side by side, with the review count in the
 * side navigation, and approves it; the member then reads the edited answer and has +2. Flags wait in their own
 * tab. en_US and zh_CN, desktop and mobile screenshots (test-results/web/).
 */

import { moderationService } from '@agora/moderation';
import { postsService } from '@agora/posts';
import { tagsService } from '@agora/tags';
import { createUser } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage } from './support/members';
import { shoot } from './support/screens';
import { signedIn } from './support/session';
import { startWebStack, type WebStack, webHarness } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const _API = '/answer/api/v1';

describe.skipIf(!chromiumPath() && !required)('review screen in Chromium', { timeout: 240_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let moderator: Member;
  let editor: Member;
  let editorToken = '';
  let question = '';
  let answer = '';

  const { call, tokenOf, settle, open } = webHarness(() => web);
  const rankOf = async (id: string) =>
    (await web.stack.query<{ rank: number }>('select rank from identity.users where user_id = $1', [id]))[0]?.rank;

  beforeAll(async () => {
    [web, browser] = await Promise.all([
      startWebStack({ services: [postsService, votesService, tagsService, moderationService] }),
      launchChromium(),
    ]);
    moderator = await memberPage(browser, web.stack, { roleId: 3, name: 'Review Moderator' });
    // 200 reputation: may suggest edits of others' answers (100), not edit them directly (1,000).
    editor = await memberPage(browser, web.stack, { rank: 200, name: 'Review Editor' });
    const asker = await createUser(web.stack, { name: 'Review Asker' });
    const answerer = await createUser(web.stack, { name: 'Review Answerer' });
    const flagger = await createUser(web.stack, { name: 'Review Flagger' });
    await settle();
    const [moderatorToken, askerToken, answererToken, flaggerToken] = await Promise.all([
      tokenOf(moderator),
      tokenOf(asker),
      tokenOf(answerer),
      tokenOf(flagger),
    ]);
    editorToken = await tokenOf(editor);
    await call('POST', 'tag', moderatorToken, { slug_name: 'review', display_name: 'review', original_text: '' });
    await settle();
    question = (
      await call('POST', 'question', askerToken, {
        title: 'How does a suggested edit reach the page?',
        content: 'I edited an answer and it said the edit waits for review. What happens next?',
        tags: [{ slug_name: 'review' }],
      })
    ).id;
    answer = (
      await call('POST', 'answer', answererToken, {
        question_id: question,
        content: 'A reviewer looks at it.\nThen it is applied.',
      })
    ).info.id;
    await settle();
    await call('POST', 'report', flaggerToken, { object_id: question, report_type: 57 });
    await settle();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('says an edit of another member’s answer waits for review', async () => {
    const reply = await call('PUT', 'answer', editorToken, {
      id: answer,
      content: 'A reviewer with the right to review answers looks at it.\nOnce approved, it is applied.',
      edit_summary: 'says who reviews',
    });
    expect(reply).toEqual({ wait_for_review: true });
    await settle();
  });

  it('shows the moderator the suggestion side by side, with the count in the side navigation', async () => {
    const page = moderator.page;
    await open(page, '/review');
    await page.getByTestId('review-page').waitFor();
    await expect.poll(() => page.getByTestId('review-count').textContent()).toBe('2');
    await page.getByTestId('review-tab-suggested_post_edit').click();
    const edit = page.getByTestId('suggested-edit');
    await edit.waitFor();
    await edit.getByText('Suggested by Review Editor').waitFor();
    await edit.getByTestId('edit-summary').getByText('says who reviews').waitFor();
    expect(await edit.getByTestId('diff-after').locator('[data-diff=added]').count()).toBeGreaterThan(0);
    expect(await edit.getByTestId('diff-before').locator('[data-diff=removed]').count()).toBeGreaterThan(0);
    await shoot(page, 'review-suggested-edit');
    await page.getByTestId('review-tab-flagged_post').click();
    await page.getByTestId('flagged-post').getByText('Flagged by Review Flagger as spam').waitFor();
    await shoot(page, 'review-flag');
  });

  it('approves it: the editor reads the edited answer and has +2', async () => {
    const before = await rankOf(editor.id);
    const page = moderator.page;
    await open(page, '/review');
    await page.getByTestId('review-tab-suggested_post_edit').click();
    await page.getByTestId('review-approve').click();
    await page.getByTestId('review-empty').waitFor();
    await shoot(page, 'review-empty');
    await settle();
    await expect.poll(() => rankOf(editor.id)).toBe((before ?? 0) + 2);
    await open(editor.page, `/questions/${question}`);
    await editor.page.getByText('A reviewer with the right to review answers looks at it.').waitFor();
    await shoot(editor.page, 'review-edit-applied');
    // The flag is the moderator's last item: ignoring it empties the queue and the badge.
    await page.getByTestId('review-tab-flagged_post').click();
    await page.getByTestId('flag-ignore_report').click();
    await page.getByTestId('flags-empty').waitFor();
    await expect.poll(() => page.getByTestId('review-count').count()).toBe(0);
  });

  it('keeps /review from a member who may review nothing ', async () => {
    // The editor's 200 reputation suggests edits; reviewing takes 1,000.
    await open(editor.page, '/review');
    await editor.page.getByTestId('error-page-403').waitFor();
    expect(await editor.page.getByTestId('review-page').count()).toBe(0);
  });

  it('speaks zh_CN', async () => {
    const token = editorToken;
    await call('PUT', 'answer', token, {
      id: answer,
      content: 'A reviewer with the right to review answers looks at it.\nOnce approved, it is applied at once.',
    });
    await settle();
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    await signedIn(context, web.stack, moderator.email, moderator.password);
    const page = await context.newPage();
    await open(page, '/review');
    await page.getByRole('heading', { name: '审查', level: 1 }).waitFor();
    await page.getByTestId('suggested-edit').getByRole('button', { name: '通过' }).waitFor();
    await shoot(page, 'review-zh_CN');
    await context.close();
  });
});
