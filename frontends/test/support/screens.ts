import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE } from './browser';

/** Screenshots are test artifacts (git-ignored): test-results/web/<screen>-<width>.png */
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../test-results/web');

/** The page at desktop and mobile widths, then back to desktop. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
