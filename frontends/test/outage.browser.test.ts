/**
 * A database outage in a real browser (docs/adr/0045-database-outage.md): a signed-in member's
 * page (asking a question, which needs a login) while the PostgreSQL server is killed keeps the session (no token cleared, no redirect to login)
 * and shows the "temporarily unavailable" notice; once the server is back the notice goes by itself.
 */
import { postsService } from '@agora/posts';
import { tagsService } from '@agora/tags';
import { createUser } from '@agora/test-support/accounts';
import { eventually } from '@agora/test-support/eventually';
import { type OwnPostgres, startOwnPostgres } from '@agora/test-support/own-postgres';
import { votesService } from '@agora/votes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { shoot } from './support/screens';
import { signedIn } from './support/session';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';

/** Long enough to load a page and look at it while the database is gone. */
const OUTAGE_MS = 8000;

describe.skipIf(!chromiumPath() && !required)('a database outage in the web app', () => {
  let postgres: OwnPostgres;
  let web: WebStack;
  let browser: Browser;

  beforeAll(async () => {
    postgres = await startOwnPostgres({ outageMs: OUTAGE_MS });
    [web, browser] = await Promise.all([
      startWebStack({ services: [postsService, votesService, tagsService], database: postgres.database }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await postgres?.close();
  });

  it('keeps the member signed in and shows a notice on 503, which goes once the database is back', async () => {
    const user = await createUser(web.stack);
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedIn(context, web.stack, user.email, user.password);
    const page = await context.newPage();
    // The kit's stored token (the sign-in script stores it again at each load; a 401 would remove it after).
    const token = () =>
      page.evaluate(() => (JSON.parse(localStorage.getItem('_a_ltk_') ?? 'null') as { value?: string } | null)?.value);

    await page.goto(`${web.url}/questions/ask`);
    await page.getByTestId('ask-page').waitFor();
    const signedInToken = await token();
    expect(signedInToken).toContain('.');
    expect(await page.getByTestId('unavailable-notice').count()).toBe(0);

    postgres.kill();
    await eventually(async () => !(await postgres.accepts()), 5000, 50);
    // The page asks the server again (a reload, as a member would): every call answers 503.
    await page.reload();
    await page.getByTestId('unavailable-notice').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('unavailable-notice').textContent()).toContain('temporarily unavailable');
    expect(new URL(page.url()).pathname).toBe('/questions/ask');
    expect(await token()).toBe(signedInToken);
    expect(await page.evaluate(() => localStorage.getItem('_a_lui_'))).not.toBeNull();
    await shoot(page, 'database-outage');

    // Back: the next successful call takes the notice away, still signed in.
    await eventually(() => postgres.accepts(), OUTAGE_MS + 30_000, 100);
    await eventually(
      async () => {
        await page.reload();
        await page.getByTestId('ask-page').waitFor({ timeout: 5000 });
        return (await page.getByTestId('unavailable-notice').count()) === 0;
      },
      20_000,
      500,
    );
    expect(new URL(page.url()).pathname).toBe('/questions/ask');
    expect(await token()).toBe(signedInToken);
    await context.close();
  });
});
