import type { TestSmtpServer } from '@agora/test-support/smtp-test-server';
import type { Stack } from '@agora/test-support/stack';
import type { BrowserContext, Page } from 'playwright-core';

const WEEK = 7 * 24 * 3600 * 1000;

/**
 * A browser context already signed in as `email`, as after a login: the kit's stored token and user
 * (set before any page script runs).
 */
export async function signedIn(context: BrowserContext, stack: Stack, email: string, password: string): Promise<void> {
  const { status, body } = await stack.call('POST', '/answer/api/v1/user/login/email', {
    body: { e_mail: email, pass: password },
  });
  if (status !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  const entries = {
    _a_ltk_: JSON.stringify({ value: body.data.access_token, expires: Date.now() + WEEK }),
    _a_lui_: JSON.stringify({ value: body.data, expires: Date.now() + WEEK }),
  };
  await context.addInitScript((stored: Record<string, string>) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, entries);
}

/** The code of the newest mail to `to` whose text links to `linkPath`, once `count` such mails arrived. */
export async function latestLinkCode(smtp: TestSmtpServer, to: string, linkPath: string, count = 1): Promise<string> {
  const deadline = Date.now() + 20_000;
  const pattern = new RegExp(`${linkPath}\\?code=([^\\s&"<]+)`);
  for (;;) {
    const codes = smtp.received
      .filter((m) => m.recipients.includes(to))
      .map((m) => pattern.exec(m.mail.text ?? '')?.[1])
      .filter((c): c is string => Boolean(c));
    if (codes.length >= count) return decodeURIComponent(codes[codes.length - 1]!);
    if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${to} with ${linkPath}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the page's path (and query, when given) is the expected one. */
export async function waitForPath(page: Page, pathname: string, search?: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname && (search === undefined || url.search === search), {
    timeout: 20_000,
  });
}
