/**
 * An imported question's page in Chromium (docs/adr/0094-importing-a-community.md): a Stack Exchange dump brought in
 * by `npm run agora -- import stackexchange`, opened at its old address, shows the converted body, the answers, the
 * comments and the tags as the source had them, in en_US and zh_CN, at desktop and mobile widths. Screenshots in
 * test-results/web/.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultSiteSettings } from '@agora/contracts';
import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import { updateSettingsGroup } from '@agora/site';
import { createTestDatabase } from '@agora/test-support/database';
import { killLaunchers } from '@agora/test-support/launcher-process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICES } from '../../launcher/src/services';
import { runAgora, siteStore } from '../../launcher/test/support/import-command';
import { writeDump } from '../../launcher/test/support/stackexchange-dump';
import { DUMP } from '../../launcher/test/support/stackexchange-sample';
import { createPageRenderer } from '../root/src/server/render-page';
import { chromiumPath, launchChromium } from './support/browser';
import { shoot } from './support/screens';
import { startWebStack, WEB_ROOT, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const ADDED_BY_WEB_STACK = new Set(['site', 'identity', 'notifications']);

describe.skipIf(!chromiumPath() && !required)('an imported question page in Chromium', { timeout: 240_000 }, () => {
  let root: string;
  let web: WebStack;
  let browser: Browser;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agora-imported-web-'));
    const folder = path.join(root, 'dump');
    await writeDump(folder, DUMP);
    const database = await createTestDatabase('imported_web');
    const site = siteStore(database.url);
    const imported = await runAgora(site, ['import', 'stackexchange', folder]);
    if (imported.code !== 0) throw new Error(`the import failed:\n${imported.output}`);
    [web, browser] = await Promise.all([
      startWebStack({
        services: ALL_SERVICES.filter((s) => !ADDED_BY_WEB_STACK.has(s.name)),
        database,
        env: { AGORA_DATA_DIR: site.dataDir },
        pages: createPageRenderer(path.join(WEB_ROOT, 'index.html')),
      }),
      launchChromium(),
    ]);
  });

  afterAll(async () => {
    killLaunchers();
    await browser?.close();
    await web?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** The question at its Stack Exchange address, which moves to Agora's own, hydrated. */
  async function openOldAddress(locale: string): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${web.url}/questions/10/final-title`);
    await page.getByTestId('question-detail').waitFor();
    // Hydrated and its live stream open (a stream keeps the network from ever going idle).
    await page.locator('[data-testid=question-detail][data-live=open]').waitFor();
    await page.waitForLoadState('load');
    return { page, errors };
  }

  async function expectSourceContent(page: Page) {
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/questions/${idFromNumber('question', 10)}(/|$)`));
    expect(await page.locator('h1').textContent()).toMatch(/^Final title \[(closed|已关闭)\]$/);
    const question = page.getByTestId('question');
    expect(await question.locator('strong').first().textContent()).toBe('body');
    // The answers as the source had them, the edge cases' HTML converted to Markdown and drawn again.
    const answers = page.getByTestId('answer');
    await expect.poll(() => answers.count()).toBe(2);
    const edgy = answers.filter({ hasText: 'Edge cases' });
    expect(await edgy.locator('table th').allTextContents()).toEqual(['k', 'v']);
    expect(await edgy.locator('table td').allTextContents()).toEqual(['a', '1']);
    expect(await edgy.locator('pre code').textContent()).toContain('if a < b:');
    expect(await edgy.locator('ul > li > ol > li').textContent()).toContain('inner');
    expect(await edgy.locator('img[alt="shot"]').getAttribute('src')).toBe('https://i.stack.imgur.com/x.png');
    expect(await edgy.textContent()).toContain('Edge cases & entities: <div> ©');
    // The comment on the question, its link and code drawn.
    const comment = page.getByTestId('comment').filter({ hasText: 'see docs' });
    expect(await comment.locator('a[href="https://docs.example"]').count()).toBe(1);
    expect(await comment.locator('code').textContent()).toBe('code');
    // Its tags.
    for (const tag of ['python', 'regex']) {
      expect(await question.locator(`a[href="/tags/${tag}"]`).count()).toBeGreaterThan(0);
    }
  }

  it('opens at its old address and shows the converted body, answers, comments and tags', async () => {
    const { page, errors } = await openOldAddress('en-US');
    try {
      await expectSourceContent(page);
      await shoot(page, 'imported-question-en');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('shows the same in zh_CN', async () => {
    const site = web.stack.service('site').context;
    const defaults = defaultSiteSettings('http://agora.test').interface;
    await updateSettingsGroup(site, { group: 'interface', values: { ...defaults, language: 'zh_CN' } } as never, null);
    await web.stack.settle();
    const { page, errors } = await openOldAddress('zh-CN');
    try {
      await expectSourceContent(page);
      expect(await page.getByTestId('answer-count').textContent()).toMatch(/回答|答案/);
      await shoot(page, 'imported-question-zh');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
      await updateSettingsGroup(site, { group: 'interface', values: defaults } as never, null);
    }
  });
});
