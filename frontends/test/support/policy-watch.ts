import type { BrowserContext, Page } from 'playwright-core';

/** What a page, the browser's log and the page's errors reported against the Content-Security-Policy. */
export interface WatchedPage {
  page: Page;
  /** Policy violations: `securitypolicyviolation` events in the page and CSP messages in the browser's log. */
  violations(): Promise<string[]>;
  /** Console errors and uncaught exceptions of the page's scripts. */
  errors: string[];
}

/** A page whose policy violations and script errors are recorded from before its first script runs. */
export async function watchedPage(context: BrowserContext): Promise<WatchedPage> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const page = await context.newPage();
  const logged: string[] = [];
  const errors: string[] = [];
  // The browser's own log (not console calls): where Chromium reports every refused load or inline code.
  const cdp = await context.newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (/Content[ -]Security[ -]Policy/i.test(entry.text)) logged.push(`log: ${entry.text}`);
  });
  await cdp.send('Log.enable');
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) logged.push(`console: ${message.text()}`);
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    page,
    errors,
    async violations() {
      const inPage = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
      return [...inPage, ...logged];
    },
  };
}
