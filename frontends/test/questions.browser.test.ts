/**
 * The question and tag screens in Chromium against posts, votes, tags and search (issue #10's proof):
 * ask with tags, a draft restored after a reload and an image upload → a second member answers and
 * comments with an @mention → votes, toggles and the own-post refusal → accept → bookmark → search by a
 * body word and by [tag] → an edit without the privilege waits for review → the timeline shows the edits
 * → a moderator closes and reopens → tag follow. Screenshots of every screen (test-results/web/).
 */
import { moderationService } from '@agora/moderation';
import { postsService } from '@agora/posts';
import { searchService } from '@agora/search';
import { tagsService } from '@agora/tags';
import { createUser, login, setReputation } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchChromium } from './support/browser';
import { type Member, memberPage, PNG } from './support/members';
import { shoot } from './support/screens';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';

describe.skipIf(!chromiumPath() && !required)('question and tag screens in Chromium', { timeout: 120_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let asker: Member;
  let answerer: Member;
  let editor: Member;
  let moderator: Member;
  const stamp = Date.now().toString(36);
  const tag = `webtag-${stamp}`;
  const word = `zebrafish${stamp}`;
  const title = `How do I test the web app ${stamp}?`;
  let questionPath = '';

  beforeAll(async () => {
    [web, browser] = await Promise.all([
      startWebStack({
        services: [postsService, votesService, tagsService, searchService, moderationService],
        env: { AGORA_SEARCH: 'postgres' },
      }),
      launchChromium(),
    ]);
    asker = await memberPage(browser, web.stack, { rank: 2000, name: 'Asker Person' });
    answerer = await memberPage(browser, web.stack, { rank: 200, name: 'Answer Person' });
    editor = await memberPage(browser, web.stack, { rank: 150, name: 'Editor Person' });
    moderator = await memberPage(browser, web.stack, { roleId: 3, rank: 1, name: 'Moderator Person' });
  });
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  const open = (page: Page, path: string) => page.goto(`${web.url}${path}`);
  const toast = (page: Page, text: string) => page.getByTestId('toasts').getByText(text).waitFor();

  it('asks with tags, an uploaded image and a draft restored after a reload', async () => {
    const page = asker.page;
    await open(page, '/questions/ask');
    await page.getByTestId('ask-page').waitFor();
    await page.locator('input[name=title]').fill(title);
    const body = page.locator('textarea[name=content]');
    await body.fill(`The body mentions the ${word} and needs more words. `);
    // Tags: two new ones, then the first again — highlighted instead of added twice.
    const selector = page.getByTestId('tag-selector');
    await selector.getByTestId('add-tag').click();
    for (const name of [tag, 'playwright', tag]) {
      await selector.locator('input[name=tag_input]').fill(name);
      await selector.locator('input[name=tag_input]').press('Enter');
    }
    await page.locator(`[data-testid="tag-chip-${tag}"][data-highlighted=true]`).waitFor();
    expect(await selector.locator('[data-testid^=tag-chip-]').count()).toBe(2);
    // Shortcuts: Ctrl-B wraps the selection in bold.
    await body.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('bold');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+b');
    expect(await body.inputValue()).toContain('**bold**');
    // The image dialog uploads through `file` and inserts the image.
    await page.getByRole('button', { name: 'Image' }).click();
    const dialog = page.getByTestId('image-dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => dialog.locator('input[name=image_url]').inputValue(), { timeout: 15_000 }).toContain('/');
    await dialog.getByRole('button', { name: 'Insert' }).click();
    expect(await body.inputValue()).toMatch(/!\[dot\]\(.+\)/);
    await page.getByTestId('editor-preview').locator('img').waitFor({ timeout: 15_000 });
    await shoot(page, 'ask');

    // The draft is saved 3 s after the last change and comes back after a reload.
    await page.waitForTimeout(3500);
    await page.reload();
    await page.getByTestId('ask-page').waitFor();
    expect(await page.locator('input[name=title]').inputValue()).toBe(title);
    expect(await page.locator('textarea[name=content]').inputValue()).toContain(word);
    expect(await page.getByTestId('tag-selector').locator('[data-testid^=tag-chip-]').count()).toBe(2);

    await page.getByRole('button', { name: 'Post your question' }).click();
    await page.getByTestId('question-detail').waitFor();
    questionPath = new URL(page.url()).pathname;
    expect(questionPath).toMatch(/^\/questions\/\d+$/);
    await page.getByTestId('question-body').locator('img').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('_a_qdraft_'))).toBeNull();
  });

  it('lets a second member answer and comment with an @mention', async () => {
    const page = answerer.page;
    await open(page, questionPath);
    await page.getByTestId('question-detail').waitFor();
    await page.locator('textarea[name=answer]').fill(`An answer that explains how to find the ${word}.`);
    await page.getByRole('button', { name: 'Post your answer' }).click();
    await page.getByTestId('answer').first().waitFor();

    const comments = page.locator(`[data-testid^=comments-]`).first();
    await comments.getByTestId('add-comment').click();
    const box = comments.locator('textarea[name=comment]');
    await box.fill('Thanks for asking, ');
    await box.pressSequentially(`@${asker.username.slice(0, 4)}`);
    await page.getByTestId('mention-suggestions').getByText(`@${asker.username}`).click();
    await box.pressSequentially('does this help?');
    expect(await box.inputValue()).toContain(`@${asker.username} does this help?`);
    await comments.getByRole('button', { name: 'Add comment' }).click();
    const comment = comments.getByTestId('comment').first();
    await comment.waitFor();
    expect(await comment.locator('a', { hasText: `@${asker.username}` }).count()).toBeGreaterThan(0);
    await shoot(page, 'question-detail');
  });

  it('toggles votes and refuses a vote on one’s own post', async () => {
    const page = answerer.page;
    const question = page.getByTestId('question');
    const count = question.getByTestId('vote-count').first();
    await question.getByTestId('vote-up').first().click();
    await expect.poll(() => count.textContent()).toBe('1');
    await question.getByTestId('vote-up').first().click(); // the same vote again cancels it
    await expect.poll(() => count.textContent()).toBe('0');
    await question.getByTestId('vote-up').first().click();
    await expect.poll(() => count.textContent()).toBe('1');
    await page.getByTestId('answer').first().getByTestId('vote-up').click();
    await toast(page, "You can't vote for your own post");
  });

  it('follows the question and takes the follow back', async () => {
    const follow = answerer.page.getByTestId('question').getByTestId('follow-question');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => follow.textContent()).toMatch(/Following\s*1/);
    await answerer.page.reload();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => follow.textContent()).toMatch(/^Follow\s*$/);
  });

  it('accepts the answer and bookmarks the question', async () => {
    const page = asker.page;
    await open(page, questionPath);
    await page.getByTestId('accept').click();
    await page.getByTestId('accepted').waitFor();
    await page.getByTestId('question').getByTestId('bookmark').click();
    await expect
      .poll(() => page.getByTestId('question').getByTestId('bookmark').getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByTestId('share-button').first().click();
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    await page.getByRole('tooltip', { name: 'Copied' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('finds the question by a word of its body and by [tag]', async () => {
    const page = asker.page;
    for (const q of [word, `[${tag}]`]) {
      await expect
        .poll(
          async () => {
            await open(page, `/search?q=${encodeURIComponent(q)}`);
            await page.getByTestId('search-page').waitFor();
            await page.getByTestId('search-count').or(page.getByRole('alert')).first().waitFor();
            return page.getByTestId('search-result').filter({ hasText: title }).count();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBeGreaterThan(0);
    }
    expect(await page.locator('input[name=q]').inputValue()).toBe(`[${tag}]`);
    await shoot(page, 'search');
  });

  it('keeps an edit without the privilege for review, and the timeline shows the edits', async () => {
    const own = asker.page;
    await open(own, `/posts/${questionPath.split('/')[2]}/edit`);
    await own.getByTestId('edit-question-page').waitFor();
    await own.locator('input[name=title]').fill(`${title} (edited)`);
    await own.getByRole('button', { name: 'Save edits' }).click();
    await own.getByTestId('question-detail').waitFor();
    await own.getByText(`${title} (edited)`).first().waitFor();

    // A member without edit_without_review: the edit waits for review (and blocks further edits meanwhile).
    const page = editor.page;
    await open(page, `/posts/${questionPath.split('/')[2]}/edit`);
    await page.getByTestId('edit-question-page').waitFor();
    await page.locator('textarea[name=content]').fill(`A suggested body about the ${word}, clearer.`);
    await page.locator('input[name=edit_summary]').fill('clearer body');
    await shoot(page, 'edit-question');
    await page.getByRole('button', { name: 'Save edits' }).click();
    await toast(page, 'Your revision will show after review.');

    await open(own, `/posts/${questionPath.split('/')[2]}/timeline`);
    await own.getByTestId('timeline-page').waitFor();
    const items = own.getByTestId('timeline-item');
    await items.filter({ hasText: 'edited' }).first().waitFor();
    await items.filter({ hasText: 'edited' }).first().getByRole('button').click();
    await own.getByTestId('revision-diff').locator('[data-diff=added]').first().waitFor();
    await shoot(own, 'timeline');
  });

  it('lets a moderator close and reopen the question', async () => {
    const page = moderator.page;
    await open(page, questionPath);
    await page.getByTestId('action-close').click();
    const dialog = page.getByTestId('close-dialog');
    await dialog.getByRole('radio').last().check();
    await dialog.locator('textarea[name=remark]').first().fill('Needs more focus');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('closed-notice').waitFor();
    await shoot(page, 'question-closed');
    await page.getByTestId('action-reopen').click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Reopened.');
    await page.getByTestId('closed-notice').waitFor({ state: 'detached' });
  });

  it('follows the tag, and shows the list, tag and tag-info screens', async () => {
    const page = asker.page;
    await open(page, `/tags/${tag}`);
    await page.getByTestId('tag-page').waitFor();
    await page.getByTestId('question-row').filter({ hasText: title }).waitFor();
    await page.getByTestId('follow-tag').click();
    await expect.poll(() => page.getByTestId('follow-tag').getAttribute('aria-pressed')).toBe('true');
    await shoot(page, 'tag-page');
    await open(page, '/');
    await page.getByTestId('following-tags').getByText(tag).waitFor();
    await page.getByTestId('question-row').first().waitFor();
    await shoot(page, 'questions-list');
    await open(page, '/tags');
    await page.getByTestId('tag-card').first().waitFor();
    await shoot(page, 'tags');
    await open(page, `/tags/${tag}/info`);
    await page.getByTestId('tag-info-page').waitFor();
    await shoot(page, 'tag-info');
    // The tag's timeline, from the link on its info page: created when the question brought it in.
    await page.getByRole('link', { name: 'Timeline' }).click();
    await page.getByTestId('timeline-page').waitFor();
    await page.getByTestId('timeline-item').filter({ hasText: 'created' }).first().waitFor();
    await shoot(page, 'tag-timeline');
    await open(moderator.page, '/tags/create');
    await moderator.page.getByTestId('tag-form-page').waitFor();
    await shoot(moderator.page, 'tag-create');
  });
  it('edits and deletes a comment inline, edits an answer, and invites a member to answer', async () => {
    const page = answerer.page;
    await open(page, questionPath);
    const comment = page.getByTestId('comment').filter({ hasText: 'Thanks for asking' }).first();
    await comment.getByRole('button', { name: 'Edit' }).click();
    const box = page.getByTestId('comment-form').locator('textarea[name=comment]');
    await box.fill(`Edited comment about the ${word}, with more words.`);
    await page.getByTestId('comment-form').getByRole('button', { name: 'Save' }).click();
    const edited = page.getByTestId('comment').filter({ hasText: 'Edited comment about the' });
    await edited.waitFor();
    await edited.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await edited.waitFor({ state: 'detached' });

    const answer = page.getByTestId('answer').first();
    await answer.getByTestId('action-edit').click();
    await page.locator('textarea[name=content]').waitFor();
    await page.locator('textarea[name=content]').fill(`A better answer that finds the ${word} quickly.`);
    await shoot(page, 'answer-edit');
    await page.getByRole('button', { name: 'Save edits' }).click();
    await page.getByTestId('answer').first().getByText('A better answer that finds the').waitFor();

    const own = asker.page;
    await open(own, questionPath);
    const invite = own.getByTestId('invite-card');
    await invite.getByRole('button', { name: 'Edit' }).click();
    await invite.locator('input[name=invite_user]').fill(editor.username.slice(0, 6));
    await invite.getByText(`@${editor.username}`).click();
    await invite.getByRole('button', { name: 'Save' }).click();
    await invite.getByRole('link', { name: 'Editor Person' }).waitFor();
    await open(own, questionPath);
    await own.getByTestId('invite-card').getByRole('link', { name: 'Editor Person' }).waitFor();
  });

  it('lets a moderator create a tag, edit its description, and set its synonyms', async () => {
    const page = moderator.page;
    const slug = `made-${stamp}`;
    await open(page, '/tags/create');
    await page.getByTestId('tag-form-page').waitFor();
    await page.locator('input[name=display_name]').fill(`Made ${stamp}`);
    await page.locator('input[name=slug_name]').fill(slug);
    await page.locator('textarea[name=original_text]').fill('A tag made in the **browser**.');
    await page.getByRole('button', { name: 'Create tag' }).click();
    await page.getByTestId('tag-info-page').waitFor();
    await page.getByTestId('tag-info-page').locator('strong', { hasText: 'browser' }).waitFor();

    await page.getByTestId('tag-info-page').getByRole('link', { name: 'Edit' }).click();
    await page.getByTestId('tag-form-page').waitFor();
    await expect.poll(() => page.locator('textarea[name=original_text]').inputValue()).toContain('browser');
    await page.locator('textarea[name=original_text]').fill('A tag edited in the *browser*.');
    await page.locator('input[name=edit_summary]').fill('clearer');
    await page.getByRole('button', { name: 'Save edits' }).click();
    await page.getByTestId('tag-info-page').locator('em', { hasText: 'browser' }).waitFor();

    const synonyms = page.getByTestId('synonyms');
    await synonyms.getByRole('button', { name: 'Edit' }).click();
    await synonyms.getByTestId('add-tag').click();
    await synonyms.locator('input[name=tag_input]').fill(`also-${stamp}`);
    await synonyms.locator('input[name=tag_input]').press('Enter');
    await synonyms.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Update success.');
    await synonyms.getByText(`also-${stamp}`).waitFor();
    await shoot(page, 'tag-synonyms');
  });

  it("shows a deleted member's question with the deleted user's card: a masked id, no profile link", async () => {
    const gone = await createUser(web.stack, { name: 'Leaving Person' });
    await setReputation(web.stack, gone.id, 2000); // may file the question under a new tag
    const admin = await createUser(web.stack, { roleId: 2 });
    const asked = await web.stack.call('POST', '/answer/api/v1/question', {
      token: await login(web.stack, gone),
      body: {
        title: `A question left behind ${stamp}`,
        content: 'Its author leaves the site.',
        tags: [{ slug_name: tag }],
      },
    });
    expect(asked.status).toBe(200);
    const deleted = await web.stack.call('PUT', '/answer/admin/api/user/status', {
      token: await login(web.stack, admin),
      body: { user_id: gone.id, status: 'deleted' },
    });
    expect(deleted.status).toBe(200);
    await web.stack.settle();

    const page = answerer.page;
    await open(page, `/questions/${asked.body.data.id}`);
    const question = page.getByTestId('question');
    const author = question.getByTestId('deleted-user').first();
    await author.waitFor();
    expect(await author.textContent()).toBe(`user${gone.id.slice(0, 3)}***${gone.id.slice(-3)}`);
    expect(await question.getByText('Leaving Person').count()).toBe(0);
    expect(await question.locator('a[href="/users/"]').count()).toBe(0);
    await shoot(page, 'deleted-author');

    // The same card in Chinese: only the page around it is translated.
    await page.evaluate(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 3_600_000 })),
    );
    await page.reload();
    await page.getByTestId('question').getByTestId('deleted-user').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await shoot(page, 'deleted-author-zh_CN');
    await page.evaluate(() => localStorage.removeItem('_a_lang_'));
  });
});
