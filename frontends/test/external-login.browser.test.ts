/**
 * External logins in Chromium (issue 25): the login page shows the OpenID Connect provider's button; signing in
 * through a real `oidc-provider` lands the member on the question list, signed in; the account settings list
 * the connected login. Desktop and mobile screenshots, en_US and zh_CN.
 */

import { Role } from '@agora/contracts';
import { postsService } from '@agora/posts';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { saveOidcConnector, startOidcProvider, type TestOidcProvider } from '@agora/test-support/oidc-provider';
import { freePort } from '@agora/test-support/ports';
import { votesService } from '@agora/votes';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { memberPage } from './support/members';
import { shoot } from './support/screens';
import { waitForPath } from './support/session';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const API = '/answer/api/v1';

describe.skipIf(!chromiumPath() && !required)('external logins in Chromium', { timeout: 240_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let provider: TestOidcProvider;
  /** The site URL is the gateway's own address: the provider sends the browser back to it. */
  let SITE: string;

  /** A browser, in zh_CN when asked. */
  const newContext = async (language?: 'zh_CN'): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.route(`${SITE}/**`, (route) => route.continue({ url: route.request().url().replace(SITE, web.url) }));
    if (language)
      await context.addInitScript(
        (value) => localStorage.setItem('_a_lang_', JSON.stringify({ value, expires: Date.now() + 86_400_000 })),
        language,
      );
    return context;
  };

  beforeAll(async () => {
    const port = await freePort();
    SITE = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider({ redirectUris: [`${SITE}${API}/connector/redirect/corp`] });
    [web, browser] = await Promise.all([
      startWebStack({ services: [postsService, votesService, tagsService], env: { AGORA_SITE_URL: SITE }, port }),
      launchChromium(),
    ]);
    const adminToken = await login(web.stack, await createUser(web.stack, { roleId: Role.admin }));
    await saveOidcConnector(web.stack, adminToken, provider, 'corp', { button_label: 'Corp SSO', icon: 'Business' });
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await provider?.close();
  });

  it('shows the provider button on the login page (en_US and zh_CN)', async () => {
    for (const language of [undefined, 'zh_CN'] as const) {
      const context = await newContext(language);
      const page = await context.newPage();
      await page.goto(`${SITE}/users/login`);
      const buttons = page.getByTestId('connector-buttons');
      await buttons.waitFor();
      const label = language ? '使用 Corp SSO 继续' : 'Continue with Corp SSO';
      expect(await buttons.getByRole('link', { name: label }).getAttribute('href')).toBe(`${API}/connector/login/corp`);
      await shoot(page, `login-connectors${language ? '-zh_CN' : ''}`);
      await context.close();
    }
  });

  it('signs in through the provider and lands on the question list signed in; settings list the login', async () => {
    provider.signInAs({
      sub: 'browser-member',
      email: 'browser.member@corp.example',
      email_verified: true,
      name: 'Browser Member',
    });
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${SITE}/users/login`);
    await page.getByRole('link', { name: 'Continue with Corp SSO' }).click();
    await waitForPath(page, '/');
    await page.getByTestId('inbox-dot').waitFor({ state: 'attached' });
    // The session the provider's sign-in started is the browser's now: the user it stores is the provider's member.
    const stored = await page.evaluate(() => localStorage.getItem('_a_lui_') ?? '');
    expect(stored).toContain('browser.member@corp.example');
    await shoot(page, 'external-login-signed-in');

    await page.goto(`${SITE}/users/settings/account`);
    const logins = page.getByTestId('connected-logins');
    await logins.waitFor();
    await expect.poll(() => logins.textContent()).toContain('Corp SSO');
    expect(await logins.textContent()).toContain('Connected');
    await shoot(page, 'settings-connected-logins');
    await context.close();
  });

  it('links an existing account by its password on confirm-email (en_US and zh_CN), nothing linked on a wrong one', async () => {
    for (const language of [undefined, 'zh_CN'] as const) {
      const member = await createUser(web.stack, { name: `Password Linker ${language ?? 'en'}` });
      const sub = `password-linker-${language ?? 'en'}-${Date.now()}`;
      provider.signInAs({ sub, email: member.email, email_verified: true, name: 'Password Linker' });
      const context = await newContext(language);
      const page = await context.newPage();
      await page.goto(`${SITE}${API}/connector/login/corp`);
      await waitForPath(page, '/users/confirm-email');
      const card = page.getByTestId('confirm-email-page');
      await card.getByRole('textbox').first().fill(member.email);
      await card.getByRole('button', { name: language ? '继续' : 'Continue' }).click();
      const prove = page.getByTestId('confirm-email-prove');
      await prove.waitFor();
      await shoot(page, `confirm-email-prove${language ? '-zh_CN' : ''}`);

      const linkButton = prove.getByRole('button', { name: language ? '用密码关联' : 'Link with password' });
      await prove.locator('input[type="password"]').fill('wrong-password-123');
      await linkButton.click();
      await expect
        .poll(() => prove.textContent())
        .toContain(language ? '邮箱或密码错误' : 'Email or password is incorrect');
      const links = () =>
        web.stack.query('select 1 from identity.external_logins where user_id = $1 and external_id = $2', [
          member.id,
          sub,
        ]);
      expect(await links()).toEqual([]);

      await prove.locator('input[type="password"]').fill(member.password);
      await linkButton.click();
      await page.waitForFunction((email) => (localStorage.getItem('_a_lui_') ?? '').includes(email), member.email);
      expect(await links()).toHaveLength(1);
      await context.close();
    }
  });

  it('a forged answer lands on the failure page with its reason (en_US and zh_CN); no account made', async () => {
    const count = async () =>
      (await web.stack.query<{ n: number }>('select count(*)::int as n from identity.users'))[0]?.n ?? 0;
    const before = await count();
    for (const language of [undefined, 'zh_CN'] as const) {
      // An ID token signed with a stranger's key.
      provider.signInAs({ sub: `forged-${language ?? 'en'}`, email: `forged-${Date.now()}@corp.example`, name: 'F' });
      provider.tamperNextIdToken((claims) => claims, { foreignKey: true });
      const context = await newContext(language);
      const page = await context.newPage();
      await page.goto(`${SITE}${API}/connector/login/corp`);
      await waitForPath(page, '/user-center/auth-failed', '?reason=token_rejected');
      const failed = page.getByTestId('user-center-auth-failed-page');
      await expect
        .poll(() => failed.textContent())
        .toContain(language ? '无法验证登录服务的应答' : "The provider's answer could not be verified");
      await shoot(page, `auth-failed-token-rejected${language ? '-zh_CN' : ''}`);

      // A forged state.
      await page.goto(`${SITE}${API}/connector/redirect/corp?state=forged&code=forged`);
      await waitForPath(page, '/user-center/auth-failed', '?reason=invalid_state');
      await expect
        .poll(() => failed.textContent())
        .toContain(language ? '此登录链接已过期或已被使用' : 'This sign-in link has expired or was already used');
      await context.close();
    }
    expect(await count()).toBe(before);
  });

  it("shows the admin the connector's settings with the secret masked and the redirect URI", async () => {
    const admin = await memberPage(browser, web.stack, { roleId: Role.admin, name: 'Connector Admin' });
    await admin.page.goto(`${SITE}/admin/connectors`);
    const form = admin.page.getByTestId('connector-corp');
    await form.waitFor();
    expect(await form.textContent()).toContain(`${SITE}${API}/connector/redirect/corp`);
    expect(await form.getByLabel('Client secret').inputValue()).toBe('********');
    expect(await form.getByLabel('Issuer').inputValue()).toBe(provider.issuer);
    await shoot(admin.page, 'admin-connectors');
    await admin.page.context().close();
  });
});
